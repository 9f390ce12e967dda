#include "engine/element_values.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "engine/element_types.h"

namespace winml::engine {
namespace {

std::vector<std::byte> bytes(std::initializer_list<unsigned> values) {
  std::vector<std::byte> out;
  for (unsigned v : values) out.push_back(static_cast<std::byte>(v));
  return out;
}

TEST(ElementValues, SmallFloatFormatsDecodeByTheirOwnRules) {
  // 1.0 in each format, then its NaN and infinity patterns.
  EXPECT_EQ(read_element(ElementType::float8e4m3fn, bytes({0x38}), 0), 1.0L);
  EXPECT_EQ(read_element(ElementType::float8e4m3fnuz, bytes({0x40}), 0), 1.0L);
  EXPECT_EQ(read_element(ElementType::float8e5m2, bytes({0x3c}), 0), 1.0L);
  EXPECT_EQ(read_element(ElementType::float8e5m2fnuz, bytes({0x40}), 0), 1.0L);
  EXPECT_EQ(read_element(ElementType::float16, bytes({0x00, 0x3c}), 0), 1.0L);
  EXPECT_EQ(read_element(ElementType::bfloat16, bytes({0x80, 0x3f}), 0), 1.0L);
  EXPECT_TRUE(std::isnan(read_element(ElementType::float8e4m3fn, bytes({0x7f}), 0)));
  EXPECT_EQ(read_element(ElementType::float8e4m3fn, bytes({0x7e}), 0), 448.0L);          // no infinity: finite max
  EXPECT_TRUE(std::isnan(read_element(ElementType::float8e4m3fnuz, bytes({0x80}), 0)));  // "negative zero"
  EXPECT_TRUE(std::isinf(read_element(ElementType::float8e5m2, bytes({0x7c}), 0)));
  EXPECT_EQ(read_element(ElementType::float4e2m1, bytes({0x72}), 0), 1.0L);  // low nibble 0b0010
  EXPECT_EQ(read_element(ElementType::float4e2m1, bytes({0x72}), 1), 6.0L);  // high nibble 0b0111: max
}

TEST(ElementValues, FourBitIntegersArePackedLowNibbleFirst) {
  EXPECT_EQ(read_element(ElementType::int4, bytes({0xf7}), 0), 7.0L);
  EXPECT_EQ(read_element(ElementType::int4, bytes({0xf7}), 1), -1.0L);
  EXPECT_EQ(read_element(ElementType::uint4, bytes({0xf7}), 1), 15.0L);
  EXPECT_EQ(tensor_byte_size(ElementType::uint4, 3), 2u);
}

TEST(ElementValues, SixtyFourBitIntegersStayExact) {
  std::vector<std::byte> data(8);
  write_element(ElementType::uint64, data, 0, 1.0);
  EXPECT_EQ(read_element(ElementType::uint64, data, 0), 1.0L);
  const std::uint64_t big = (std::uint64_t{1} << 63) + 1;
  std::memcpy(data.data(), &big, sizeof big);
  EXPECT_EQ(read_element(ElementType::uint64, data, 0), static_cast<long double>(big));
}

TEST(ElementValues, WrittenValuesReadBackInEveryFormat) {
  for (int code = 1; code <= 23; ++code) {
    auto type = element_type_from_onnx(code);
    if (!type || *type == ElementType::string) continue;
    std::vector<std::byte> data(tensor_byte_size(*type, 2));
    write_element(*type, data, 0, 0.5);
    write_element(*type, data, 1, 1.0);
    const bool floating = is_floating_point(*type);
    EXPECT_EQ(read_element(*type, data, 0), floating ? 0.5L : 0.0L) << element_type_name(*type);
    EXPECT_EQ(read_element(*type, data, 1), 1.0L) << element_type_name(*type);
  }
}

TEST(ElementTypes, NamesAreWordsForEveryOnnxType) {
  EXPECT_EQ(onnx_type_name(13), "uint64");
  EXPECT_EQ(onnx_type_name(14), "complex64");
  EXPECT_EQ(onnx_type_name(17), "float8e4m3fn");
  EXPECT_EQ(onnx_type_name(99), "ONNX type 99");
  EXPECT_FALSE(element_type_from_onnx(15).has_value());
}

}  // namespace
}  // namespace winml::engine
