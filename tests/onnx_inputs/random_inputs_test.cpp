#include "onnx_inputs/random_inputs.h"

#include <gtest/gtest.h>

#include <cstring>

#include "winml/errors.h"

namespace winml::onnx_inputs {
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

}  // namespace
}  // namespace winml::onnx_inputs
