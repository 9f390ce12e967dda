#pragma once
/// \file
/// Output validation: a run's outputs against the outputs a data set expects (output_N.pb), one
/// check per output with the largest absolute and relative errors and whether every element is
/// within tolerance. Tolerances by element type: docs/metrics.md, "Output validation".

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "perf/random_outputs.h"

namespace winml::perf {

/// --rtol / --atol as given; nullopt = the element type's default.
struct ToleranceRequest {
  std::optional<double> rtol;
  std::optional<double> atol;
};

/// A tolerance in effect: an element passes when |actual - expected| <= atol + rtol * |expected|.
struct Tolerance {
  double rtol = 0;
  double atol = 0;
};

/// Without --atol, a floating-point tensor's absolute tolerance is at least this many ulps (machine
/// epsilons of its type) of its largest expected magnitude: what rounding alone leaves of a value
/// that terms of that size cancel to about 0. docs/metrics.md, "Output validation".
inline constexpr long double kRoundingFloorUlps = 8;

/// The default tolerance of an element type: ONNX's backend test runner's (rtol 1e-3, atol 1e-7)
/// for float and double, wider for the narrower floats, zero (exact) for integers and bools.
/// Strings take float's: it applies to the strings that hold numbers.
Tolerance default_tolerance(engine::ElementType type);

/// The tolerance for an element type: the request's values over the defaults. Bools always compare
/// exactly; strings that do not both hold numbers too.
Tolerance tolerance_for(engine::ElementType type, const ToleranceRequest& request);

/// How one output of one data set compared.
struct OutputCheck {
  std::string data_set;          ///< the data set's folder name
  std::string output;            ///< output name
  std::string type;              ///< its type in words ("float", "seq(tensor(int64))")
  std::uint64_t elements = 0;    ///< elements compared (over every tensor of a sequence)
  std::uint64_t mismatched = 0;  ///< elements outside tolerance (NaN against a number included)
  double max_abs_error = 0;      ///< largest |actual - expected| over elements where both are finite
  double max_rel_error = 0;      ///< largest |actual - expected| / |expected| over those with expected != 0
  Tolerance tolerance;           ///< in effect (of the first tensor compared; atol with its rounding floor)
  std::string problem;           ///< why the values could not be compared element by element; empty if they could
  std::string drawn_by;          ///< the random operator that draws the output: shape and type compared only
  bool passed() const { return problem.empty() && mismatched == 0; }
};

/// Compares `actual` with `expected` output by output (both in the model's output order);
/// `types` are the outputs' types in words. Outputs in `random` (by name) are compared by kind,
/// element type and shape only; their elements count as compared and none as mismatched.
std::vector<OutputCheck> check_outputs(const std::string& data_set, const std::vector<engine::HostValue>& actual,
                                       const std::vector<engine::HostValue>& expected,
                                       const std::vector<std::string>& types, const ToleranceRequest& request,
                                       const RandomOutputs& random = {});

}  // namespace winml::perf
