#include "perf/output_validation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "engine/element_types.h"
#include "engine/element_values.h"
#include "util/plural.h"

namespace winml::perf {
namespace {

using engine::ElementType;
using engine::HostTensor;
using engine::HostValue;
using engine::ValueKind;

const char* kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::tensor:
      return "a tensor";
    case ValueKind::sequence:
      return "a sequence";
    case ValueKind::optional:
      return "an optional";
    case ValueKind::other:
      break;
  }
  return "another kind of value";
}

std::size_t element_count(const HostTensor& tensor) {
  std::int64_t n = 1;
  for (auto dim : tensor.shape) n *= dim;
  return static_cast<std::size_t>(std::max<std::int64_t>(0, n));
}

// One element against its expected value: |a - e| <= atol + rtol * |e|, as numpy's assert_allclose.
void compare_element(long double a, long double e, const Tolerance& tolerance, OutputCheck& check) {
  ++check.elements;
  if (std::isnan(a) || std::isnan(e) || std::isinf(a) || std::isinf(e)) {
    // NaN matches NaN and an infinity the same infinity; anything else against them is a mismatch
    // that has no finite error to report.
    const bool same = (std::isnan(a) && std::isnan(e)) || a == e;
    if (!same) ++check.mismatched;
    return;
  }
  const long double error = std::fabs(a - e);
  check.max_abs_error = std::max(check.max_abs_error, static_cast<double>(error));
  if (e != 0) check.max_rel_error = std::max(check.max_rel_error, static_cast<double>(error / std::fabs(e)));
  if (error > tolerance.atol + tolerance.rtol * std::fabs(e)) ++check.mismatched;
}

// The spacing of floating-point numbers just above 1 (machine epsilon) of a floating type; 0 for the
// others, which get no rounding floor.
long double epsilon_of(ElementType type) {
  switch (type) {
    case ElementType::float32:
      return std::ldexp(1.0L, -23);
    case ElementType::float64:
      return std::ldexp(1.0L, -52);
    case ElementType::float16:
      return std::ldexp(1.0L, -10);
    case ElementType::bfloat16:
      return std::ldexp(1.0L, -7);
    default:
      return 0;
  }
}

// The largest finite |expected| of a tensor: the scale its rounding errors grow with.
long double largest_magnitude(const HostTensor& expected) {
  long double largest = 0;
  const std::size_t count = element_count(expected);
  for (std::size_t i = 0; i < count; ++i) {
    const long double e = std::fabs(engine::read_element(expected.type, expected.data, i));
    if (std::isfinite(e)) largest = std::max(largest, e);
  }
  return largest;
}

void compare_numbers(const HostTensor& actual, const HostTensor& expected, const Tolerance& tolerance,
                     OutputCheck& check) {
  const std::size_t count = element_count(expected);
  for (std::size_t i = 0; i < count; ++i) {
    compare_element(engine::read_element(actual.type, actual.data, i),
                    engine::read_element(expected.type, expected.data, i), tolerance, check);
  }
}

// The number a whole string spells ("0.5", "-1e-3", "NaN", "inf"), if it spells one: float-to-string
// casts print as many digits as they like, so such strings compare as numbers.
std::optional<long double> string_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const long double value = std::strtold(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  return value;
}

void compare_strings(const HostTensor& actual, const HostTensor& expected, const Tolerance& tolerance,
                     OutputCheck& check) {
  for (std::size_t i = 0; i < expected.strings.size(); ++i) {
    const std::string& a = actual.strings.at(i);
    const std::string& e = expected.strings[i];
    const auto a_number = string_number(a);
    const auto e_number = string_number(e);
    if (a_number && e_number) {
      compare_element(*a_number, *e_number, tolerance, check);
      continue;
    }
    ++check.elements;
    if (a != e) ++check.mismatched;
  }
}

void compare_tensors(const HostTensor& actual, const HostTensor& expected, const ToleranceRequest& request,
                     OutputCheck& check, bool first) {
  if (actual.type != expected.type) {
    check.problem =
        "ran as " + engine::element_type_name(actual.type) + ", expected " + engine::element_type_name(expected.type);
    return;
  }
  if (actual.shape != expected.shape) {
    check.problem =
        fmt::format("shape [{}], expected [{}]", fmt::join(actual.shape, ","), fmt::join(expected.shape, ","));
    return;
  }
  if (!check.drawn_by.empty()) {
    // A random operator's values: their kind, type and shape are all a run can be held to.
    check.elements += expected.type == ElementType::string ? expected.strings.size() : element_count(expected);
    return;
  }
  Tolerance tolerance = tolerance_for(expected.type, request);
  if (const long double epsilon = epsilon_of(expected.type); epsilon > 0 && !request.atol) {
    // An element that a sum cancels to about 0 is as exact as the terms were large: its rounding
    // error is a few ulps of the tensor's scale, not of itself (DFT, STFT, MatMul of mixed signs).
    // So the absolute term is at least kRoundingFloorUlps ulps of the largest expected magnitude.
    const long double floor = kRoundingFloorUlps * epsilon * largest_magnitude(expected);
    tolerance.atol = std::max(tolerance.atol, static_cast<double>(floor));
  }
  if (first) check.tolerance = tolerance;
  if (expected.type == ElementType::string) {
    compare_strings(actual, expected, tolerance, check);
    return;
  }
  compare_numbers(actual, expected, tolerance, check);
}

// Walks both values together; the first difference in structure ends the comparison.
void compare_values(const HostValue& actual, const HostValue& expected, const ToleranceRequest& request,
                    OutputCheck& check, bool& first) {
  if (!check.problem.empty()) return;
  if (actual.kind != expected.kind) {
    check.problem = std::string("ran as ") + kind_name(actual.kind) + ", expected " + kind_name(expected.kind);
    return;
  }
  switch (expected.kind) {
    case ValueKind::tensor:
      compare_tensors(actual.tensor, expected.tensor, request, check, first);
      first = false;
      return;
    case ValueKind::sequence:
    case ValueKind::optional:
      if (actual.elements.size() != expected.elements.size()) {
        check.problem =
            expected.kind == ValueKind::optional
                ? (expected.elements.empty() ? "holds a value, expected None" : "is None, expected a value")
                : fmt::format("{}, expected {}", count_of(actual.elements.size(), "element"), expected.elements.size());
        return;
      }
      for (std::size_t i = 0; i < expected.elements.size(); ++i) {
        compare_values(actual.elements[i], expected.elements[i], request, check, first);
      }
      return;
    case ValueKind::other:
      check.problem = "cannot be compared";
      return;
  }
}

}  // namespace

Tolerance default_tolerance(ElementType type) {
  switch (type) {
    case ElementType::float32:
    case ElementType::float64:
    case ElementType::string:
      return {1e-3, 1e-7};
    case ElementType::float16:
      return {1e-2, 1e-3};
    case ElementType::bfloat16:
      return {2e-2, 1e-2};
    case ElementType::float8e4m3fn:
    case ElementType::float8e4m3fnuz:
    case ElementType::float8e5m2:
    case ElementType::float8e5m2fnuz:
      return {0.25, 0};  // one step of a 2-bit mantissa
    case ElementType::float4e2m1:
      return {0.5, 0};  // one step of a 1-bit mantissa
    default:
      return {0, 0};
  }
}

Tolerance tolerance_for(ElementType type, const ToleranceRequest& request) {
  Tolerance tolerance = default_tolerance(type);
  if (type == ElementType::boolean) return tolerance;
  if (request.rtol) tolerance.rtol = *request.rtol;
  if (request.atol) tolerance.atol = *request.atol;
  return tolerance;
}

std::vector<OutputCheck> check_outputs(const std::string& data_set, const std::vector<HostValue>& actual,
                                       const std::vector<HostValue>& expected, const std::vector<std::string>& types,
                                       const ToleranceRequest& request, const RandomOutputs& random) {
  std::vector<OutputCheck> checks;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    OutputCheck check;
    check.data_set = data_set;
    check.output = expected[i].name;
    check.type = i < types.size() ? types[i] : "";
    if (auto drawn = random.find(check.output); drawn != random.end()) check.drawn_by = drawn->second;
    if (i >= actual.size()) {
      check.problem = "the run produced no such output";
    } else {
      bool first = true;
      compare_values(actual[i], expected[i], request, check, first);
    }
    checks.push_back(std::move(check));
  }
  return checks;
}

}  // namespace winml::perf
