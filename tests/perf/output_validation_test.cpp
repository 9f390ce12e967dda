#include "perf/output_validation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace winml::perf {
namespace {

using engine::ElementType;
using engine::HostValue;
using engine::ValueKind;

HostValue floats(std::vector<float> values, std::vector<std::int64_t> shape = {}) {
  if (shape.empty()) shape = {static_cast<std::int64_t>(values.size())};
  HostValue v{"y", ValueKind::tensor, {"y", ElementType::float32, shape, {}, {}}, {}};
  v.tensor.data.resize(values.size() * sizeof(float));
  std::memcpy(v.tensor.data.data(), values.data(), v.tensor.data.size());
  return v;
}

HostValue ints(std::vector<std::int32_t> values) {
  HostValue v{
      "y", ValueKind::tensor, {"y", ElementType::int32, {static_cast<std::int64_t>(values.size())}, {}, {}}, {}};
  v.tensor.data.resize(values.size() * sizeof(std::int32_t));
  std::memcpy(v.tensor.data.data(), values.data(), v.tensor.data.size());
  return v;
}

OutputCheck check(const HostValue& actual, const HostValue& expected, ToleranceRequest request = {}) {
  return check_outputs("set", {actual}, {expected}, {"t"}, request).at(0);
}

TEST(OutputValidation, FloatsWithinTheDefaultTolerancePass) {
  const auto c = check(floats({1.0f, 2.0005f}), floats({1.0f, 2.0f}));
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.elements, 2u);
  EXPECT_NEAR(c.max_abs_error, 0.0005, 1e-6);
  EXPECT_NEAR(c.max_rel_error, 0.00025, 1e-6);
  EXPECT_DOUBLE_EQ(c.tolerance.rtol, 1e-3);
}

TEST(OutputValidation, FloatsOutsideToleranceFailUntilWidened) {
  EXPECT_FALSE(check(floats({1.1f}), floats({1.0f})).passed());
  EXPECT_EQ(check(floats({1.1f}), floats({1.0f})).mismatched, 1u);
  EXPECT_TRUE(check(floats({1.1f}), floats({1.0f}), {std::nullopt, 0.2}).passed());
}

TEST(OutputValidation, IntegersAreExactByDefault) {
  EXPECT_TRUE(check(ints({3, -4}), ints({3, -4})).passed());
  const auto c = check(ints({3, -3}), ints({3, -4}));
  EXPECT_FALSE(c.passed());
  EXPECT_DOUBLE_EQ(c.max_abs_error, 1.0);
  EXPECT_TRUE(check(ints({3, -3}), ints({3, -4}), {std::nullopt, 1.0}).passed());
}

TEST(OutputValidation, NanMatchesNanOnly) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(check(floats({nan, 1.0f}), floats({nan, 1.0f})).passed());
  const auto c = check(floats({0.0f}), floats({nan}));
  EXPECT_FALSE(c.passed());
  EXPECT_EQ(c.max_abs_error, 0.0);  // no finite error to report
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(check(floats({inf}), floats({inf})).passed());
  EXPECT_FALSE(check(floats({-inf}), floats({inf})).passed());
}

TEST(OutputValidation, StringsAndBoolsIgnoreTolerances) {
  HostValue a{"y", ValueKind::tensor, {"y", ElementType::string, {2}, {}, {"a", "b"}}, {}};
  HostValue b = a;
  b.tensor.strings[1] = "c";
  EXPECT_TRUE(check(a, a).passed());
  EXPECT_FALSE(check(a, b, {1.0, 1.0}).passed());
  EXPECT_DOUBLE_EQ(tolerance_for(ElementType::boolean, {1.0, 1.0}).atol, 0.0);
}

TEST(OutputValidation, StructureDifferencesAreProblems) {
  EXPECT_EQ(check(floats({1, 2}, {1, 2}), floats({1, 2}, {2, 1})).problem, "shape [1,2], expected [2,1]");
  EXPECT_EQ(check(ints({1}), floats({1})).problem, "ran as int32, expected float");
  HostValue seq{"y", ValueKind::sequence, {}, {floats({1}), floats({2})}};
  HostValue shorter{"y", ValueKind::sequence, {}, {floats({1})}};
  EXPECT_EQ(check(shorter, seq).problem, "1 element, expected 2");
  EXPECT_EQ(check(floats({1}), seq).problem, "ran as a tensor, expected a sequence");
  HostValue none{"y", ValueKind::optional, {}, {}};
  HostValue some{"y", ValueKind::optional, {}, {floats({1})}};
  EXPECT_TRUE(check(none, none).passed());
  EXPECT_EQ(check(none, some).problem, "is None, expected a value");
  EXPECT_TRUE(check(seq, seq).passed());
  EXPECT_EQ(check(seq, seq).elements, 2u);
}

HostValue strings(std::vector<std::string> values) {
  return {
      "y", ValueKind::tensor, {"y", ElementType::string, {static_cast<std::int64_t>(values.size())}, {}, values}, {}};
}

TEST(OutputValidation, StringsThatHoldNumbersCompareAsNumbers) {
  // A float-to-string cast prints its own number of digits; the numbers are what must agree.
  const auto c = check(strings({"0.47892547", "NaN", "-INF", "text"}), strings({"0.4789255", "nan", "-inf", "text"}));
  EXPECT_TRUE(c.passed()) << c.mismatched;
  EXPECT_EQ(c.elements, 4u);
  EXPECT_GT(c.max_abs_error, 0.0);
  EXPECT_DOUBLE_EQ(c.tolerance.rtol, 1e-3);
  EXPECT_FALSE(check(strings({"0.48"}), strings({"0.4789255"})).passed());
  EXPECT_TRUE(check(strings({"0.48"}), strings({"0.4789255"}), {std::nullopt, 0.01}).passed());
  // A number against text, or text with a number's prefix, compares as text.
  EXPECT_FALSE(check(strings({"1"}), strings({"one"})).passed());
  EXPECT_FALSE(check(strings({"1.0x"}), strings({"1.0"})).passed());
  EXPECT_FALSE(check(strings({""}), strings({"0"})).passed());
}

TEST(OutputValidation, DrawnOutputsCompareShapeAndTypeOnly) {
  const RandomOutputs random{{"y", "RandomNormal"}};
  const auto c = check_outputs("set", {floats({9, 9, 9})}, {floats({1, 2, 3})}, {"float"}, {}, random).at(0);
  EXPECT_TRUE(c.passed());
  EXPECT_EQ(c.drawn_by, "RandomNormal");
  EXPECT_EQ(c.elements, 3u);
  EXPECT_EQ(c.mismatched, 0u);
  EXPECT_EQ(check_outputs("set", {floats({1, 2})}, {floats({1, 2, 3})}, {"float"}, {}, random).at(0).problem,
            "shape [2], expected [3]");
  EXPECT_EQ(check_outputs("set", {ints({1, 2, 3})}, {floats({1, 2, 3})}, {"float"}, {}, random).at(0).problem,
            "ran as int32, expected float");
  // Another output's values are still compared.
  const RandomOutputs other{{"z", "Bernoulli"}};
  EXPECT_FALSE(check_outputs("set", {floats({9})}, {floats({1})}, {"float"}, {}, other).at(0).passed());
}

TEST(OutputValidation, FloatDefaultsAreOnnxBackendTestRunners) {
  EXPECT_DOUBLE_EQ(default_tolerance(ElementType::float32).rtol, 1e-3);
  EXPECT_DOUBLE_EQ(default_tolerance(ElementType::float32).atol, 1e-7);
  EXPECT_DOUBLE_EQ(default_tolerance(ElementType::float64).atol, 1e-7);
  // Per element, relative to the expected value: 1000 +- 1 passes, 0 +- 1e-6 does not.
  EXPECT_TRUE(check(floats({1001.0f}), floats({1000.0f})).passed());
  EXPECT_FALSE(check(floats({1e-6f}), floats({0.0f})).passed());
}

TEST(OutputValidation, ValuesASumCancelsToZeroGetARoundingFloorOfTheTensorsScale) {
  // A DFT output (test_dft): bins of about 540 beside bins that cancel to 0, off by 3.4e-4 in
  // float32. 8 ulps of 540 is 5.15e-4, so the near-zero bin passes and the reported atol says why.
  const auto within = check(floats({540.0f, 3.4e-4f}), floats({540.0f, 0.0f}));
  EXPECT_TRUE(within.passed());
  EXPECT_NEAR(within.tolerance.atol, 8 * 540 * std::ldexp(1.0, -23), 1e-12);
  EXPECT_FALSE(check(floats({540.0f, 6e-4f}), floats({540.0f, 0.0f})).passed());
  // The floor follows the scale: at 1, 1e-6 is more than 8 ulps (9.5e-7) and fails.
  EXPECT_FALSE(check(floats({1.0f, 1e-6f}), floats({1.0f, 0.0f})).passed());
  // An --atol given replaces the absolute term, floor included.
  const auto given = check(floats({540.0f, 3.4e-4f}), floats({540.0f, 0.0f}), {std::nullopt, 1e-7});
  EXPECT_FALSE(given.passed());
  EXPECT_DOUBLE_EQ(given.tolerance.atol, 1e-7);
  // Integers have no rounding to allow for.
  EXPECT_FALSE(check(ints({1000, 1}), ints({1000, 0})).passed());
}

TEST(OutputValidation, DefaultsByType) {
  EXPECT_DOUBLE_EQ(default_tolerance(ElementType::float16).rtol, 1e-2);
  EXPECT_DOUBLE_EQ(default_tolerance(ElementType::int64).atol, 0.0);
  EXPECT_DOUBLE_EQ(default_tolerance(ElementType::float8e5m2).rtol, 0.25);
}

}  // namespace
}  // namespace winml::perf
