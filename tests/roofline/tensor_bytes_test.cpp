#include "roofline/tensor_bytes.h"

#include <gtest/gtest.h>

#include <vector>

#include "winml/errors.h"

namespace winml::roofline {
namespace {

// Type numbers and widths from onnx.proto's TensorProto.DataType.
constexpr std::int32_t kFloat = 1, kUint8 = 2, kString = 8, kFloat16 = 10, kInt64 = 7, kUint4 = 21, kInt4 = 22;

TEST(TensorBytes, WholeByteTypesTakeTheirWidth) {
  EXPECT_EQ(packed_bytes(kFloat, 6, "t"), 24u);
  EXPECT_EQ(packed_bytes(kFloat16, 6, "t"), 12u);
  EXPECT_EQ(packed_bytes(kUint8, 6, "t"), 6u);
  EXPECT_EQ(packed_bytes(kInt64, 6, "t"), 48u);
}

TEST(TensorBytes, FourBitTypesPackTwoPerByteRoundingUp) {
  EXPECT_EQ(packed_bytes(kInt4, 8, "t"), 4u);
  EXPECT_EQ(packed_bytes(kUint4, 7, "t"), 4u);  // 28 bits take 4 bytes
  EXPECT_EQ(packed_bytes(kInt4, 1, "t"), 1u);
  EXPECT_EQ(packed_bytes(kInt4, 0, "t"), 0u);
}

TEST(TensorBytes, ElementCountIsTheProductAndOneForAScalar) {
  EXPECT_EQ(element_count(std::vector<std::int64_t>{}), 1u);
  EXPECT_EQ(element_count(std::vector<std::int64_t>{3, 4, 5}), 60u);
  EXPECT_EQ(element_count(std::vector<std::int64_t>{3, 0}), 0u);
}

TEST(TensorBytes, ImpossibleShapesAndUnsizedTypesAreErrors) {
  EXPECT_THROW(element_count(std::vector<std::int64_t>{2, -1}), Error);
  EXPECT_THROW(element_count(std::vector<std::int64_t>{1 << 30, 1 << 30, 1 << 30}), Error);
  try {
    packed_bytes(kString, 2, "names");
    FAIL() << "a string tensor has no size in its header";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'names'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(element_bits(0), 0u);
  EXPECT_EQ(element_bits(999), 0u);
}

}  // namespace
}  // namespace winml::roofline
