#pragma once
/// \file
/// The verdict of `perf --validate` over a whole run: how many outputs were checked and how many
/// failed, and the error (exit code 3) a failure ends the run with, once the report is written.

#include <cstddef>
#include <span>

#include "perf/onnx_result.h"

namespace winml::perf {

/// Outputs checked and outputs outside tolerance, over every data set of every result.
struct ValidationCount {
  std::size_t checked = 0;  ///< outputs compared with their expected values
  std::size_t failed = 0;   ///< of those, the ones that did not pass (OutputCheck::passed)
};

/// Counts the outputs of every result run with --validate (results without it count nothing).
ValidationCount count_validated_outputs(std::span<const OnnxPerfResult> results);

/// Throws ValidationError ("F of C outputs do not match ...", naming --rtol / --atol as the fix)
/// when any validated output failed; returns when all passed or none was validated.
void require_valid_outputs(std::span<const OnnxPerfResult> results);

}  // namespace winml::perf
