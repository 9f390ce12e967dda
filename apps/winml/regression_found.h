#pragma once
/// \file
/// `winml perf compare --fail-if-slower`'s failures: not errors of winml (the comparison ran and is
/// printed) but the CI gate's answers, which main() turns into exit codes of their own.

#include <stdexcept>

namespace winml::cli {

/// The exit code of a gate that found a primary metric significantly slower than allowed.
inline constexpr int kExitRegression = 4;

/// The exit code of a gate that could not be evaluated: a primary metric has fewer than 2 samples
/// in the base or the new report (or a base mean of 0), so no test says whether it got slower.
inline constexpr int kExitGateNotEvaluated = 5;

/// Thrown after the comparison is printed or written; the message names each regression.
class RegressionFound : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Thrown after the comparison is printed or written when no regression was found but a primary
/// metric could not be tested: a gate never passes on samples it could not judge.
class GateNotEvaluated : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace winml::cli
