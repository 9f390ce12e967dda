#pragma once
/// \file
/// `winml perf compare --fail-if-slower`'s failure: not an error of winml (the comparison ran and
/// is printed) but the CI gate's answer, which main() turns into its own exit code.

#include <stdexcept>

namespace winml::cli {

/// The exit code of a gate that found a primary metric significantly slower than allowed.
inline constexpr int kExitRegression = 4;

/// Thrown after the comparison is printed or written; the message names each regression.
class RegressionFound : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace winml::cli
