#include "perf/validation_verdict.h"

#include <string>

#include "winml/errors.h"

namespace winml::perf {

ValidationCount count_validated_outputs(std::span<const OnnxPerfResult> results) {
  ValidationCount count;
  for (const auto& result : results) {
    if (!result.metrics.validation) continue;
    for (const auto& output : result.metrics.validation->outputs) {
      ++count.checked;
      count.failed += output.passed() ? 0 : 1;
    }
  }
  return count;
}

void require_valid_outputs(std::span<const OnnxPerfResult> results) {
  const ValidationCount count = count_validated_outputs(results);
  if (count.failed == 0) return;
  throw ValidationError(std::to_string(count.failed) + " of " + std::to_string(count.checked) +
                        " outputs do not match the expected outputs (see the validation table). If the errors are "
                        "acceptable for this EP, widen the tolerance with --rtol / --atol.");
}

}  // namespace winml::perf
