#include "generated_inputs/random_inputs.h"

#include <gtest/gtest.h>

#include <cstring>

#include "engine/element_types.h"
#include "engine/element_values.h"
#include "winml/errors.h"

namespace winml::generated_inputs {
namespace {

engine::TensorInfo input(engine::ElementType type) {
  engine::TensorInfo info;
  info.name = "x";
  info.type = type;
  info.type_name = "t";
  return info;
}

template <class T>
std::vector<T> values(const engine::HostTensor& tensor) {
  std::vector<T> out(tensor.data.size() / sizeof(T));
  std::memcpy(out.data(), tensor.data.data(), tensor.data.size());
  return out;
}

TEST(RandomInputs, FloatsAreInUnitInterval) {
  auto tensor = random_tensor(input(engine::ElementType::float32), {2, 500}, 1);
  auto data = values<float>(tensor);
  ASSERT_EQ(data.size(), 1000u);
  float lo = 1, hi = 0;
  for (float v : data) {
    ASSERT_GE(v, 0.f);
    ASSERT_LT(v, 1.f);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  EXPECT_LT(lo, 0.05f);  // spread over the interval, not constant
  EXPECT_GT(hi, 0.95f);
}

TEST(RandomInputs, IntegersAreZeroOrOneAndBothAppear) {
  auto data = values<std::int64_t>(random_tensor(input(engine::ElementType::int64), {256}, 3));
  int ones = 0;
  for (auto v : data) {
    ASSERT_TRUE(v == 0 || v == 1);
    ones += static_cast<int>(v);
  }
  EXPECT_GT(ones, 50);
  EXPECT_LT(ones, 206);
}

TEST(RandomInputs, SameSeedSameData) {
  auto a = random_tensor(input(engine::ElementType::float16), {64}, 9);
  auto b = random_tensor(input(engine::ElementType::float16), {64}, 9);
  auto c = random_tensor(input(engine::ElementType::float16), {64}, 10);
  EXPECT_EQ(a.data, b.data);
  EXPECT_NE(a.data, c.data);
  EXPECT_EQ(a.data.size(), 128u);
}

TEST(RandomInputs, UnsupportedTypeIsUsageError) {
  EXPECT_THROW(random_tensor(input(engine::ElementType::other), {1}, 0), UsageError);
}

TEST(RandomInputs, TensorBytesAreCheckedAgainstTheLimit) {
  const auto f32 = input(engine::ElementType::float32);
  EXPECT_EQ(checked_tensor_bytes(f32, {2, 500}, 4000), 4000u);
  EXPECT_EQ(checked_tensor_bytes(f32, {0, 1'000'000'000'000}, 1), 0u);  // empty tensors are fine
  EXPECT_THROW(checked_tensor_bytes(f32, {2, 501}, 4000), UsageError);
  // 2^40 * 2^40 * 4 bytes wraps past 2^64; the check must not see a small product.
  EXPECT_THROW(checked_tensor_bytes(f32, {1ll << 40, 1ll << 40, 1ll << 40}, ~0ull), UsageError);
  EXPECT_THROW(checked_tensor_bytes(f32, {-1, 2}, ~0ull), UsageError);
  try {
    checked_tensor_bytes(f32, {1'000'000, 1'000'000}, 1ull << 30);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("input 'x'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--batch-size"), std::string::npos) << e.what();
  }
}

TEST(RandomInputs, EveryElementTypeIsGeneratedWithinZeroToOne) {
  for (int code = 1; code <= 23; ++code) {
    auto type = engine::element_type_from_onnx(code);
    if (!type) continue;
    const auto tensor = random_tensor(input(*type), {3, 5}, 4);
    if (*type == engine::ElementType::string) {
      ASSERT_EQ(tensor.strings.size(), 15u);
      for (const auto& text : tensor.strings) EXPECT_TRUE(text == "0" || text == "1") << text;
      continue;
    }
    ASSERT_EQ(tensor.data.size(), engine::tensor_byte_size(*type, 15)) << engine::element_type_name(*type);
    for (std::size_t i = 0; i < 15; ++i) {
      const long double value = engine::read_element(*type, tensor.data, i);
      EXPECT_GE(value, 0) << engine::element_type_name(*type);
      EXPECT_LE(value, 1) << engine::element_type_name(*type);
    }
  }
}

TEST(RandomInputs, SequencesHoldTwoTensorsAndOptionalsAValue) {
  engine::TensorInfo element = input(engine::ElementType::uint64);
  engine::TensorInfo sequence;
  sequence.name = "s";
  sequence.kind = engine::ValueKind::sequence;
  sequence.type_name = "seq(tensor(uint64))";
  sequence.contained = {element};
  const auto seq = random_value(sequence, {4}, 1);
  ASSERT_EQ(seq.elements.size(), 2u);
  EXPECT_EQ(seq.elements[0].tensor.shape, (std::vector<std::int64_t>{4}));
  EXPECT_EQ(seq.elements[1].name, "s");
  engine::TensorInfo optional = sequence;
  optional.kind = engine::ValueKind::optional;
  optional.contained = {sequence};
  const auto opt = random_value(optional, {4}, 1);
  ASSERT_EQ(opt.elements.size(), 1u);
  EXPECT_EQ(opt.elements[0].kind, engine::ValueKind::sequence);
  EXPECT_EQ(tensor_info_of(optional).type, engine::ElementType::uint64);
}

TEST(RandomInputs, AMapIsRefusedNamingTheInputAndItsType) {
  engine::TensorInfo map;
  map.name = "features";
  map.kind = engine::ValueKind::other;
  map.type_name = "map";
  try {
    random_value(map, {}, 1);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("'features' has type map"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace winml::generated_inputs
