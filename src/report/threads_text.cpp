#include "report/threads_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "util/plural.h"

namespace winml::report::text {

std::string cores_text(unsigned logical_cores, unsigned physical_cores) {
  std::string logical = count_of(logical_cores, "logical core");
  if (physical_cores == 0) return logical + " (physical unknown)";
  return fmt::format("{}, {} physical ({})", logical, physical_cores,
                     logical_cores > physical_cores ? "SMT" : "no SMT");
}

std::string threads_text(const perf::ThreadsInEffect& threads) {
  const bool by_default = threads.source == perf::kThreadsFromRuntime;
  std::string summary;
  if (threads.intra_op_threads && threads.source != perf::kThreadsMixed) {
    summary = fmt::format("{} ({}{})", *threads.intra_op_threads, threads.source,
                          by_default ? ": " + threads.runtime_default_rule : "");
  } else {
    for (const auto& stage : threads.stages) {
      summary +=
          fmt::format("{}{} {} ({})", summary.empty() ? "" : ", ", stage.stage, stage.intra_op_threads, stage.source);
    }
    bool any_default = std::any_of(threads.stages.begin(), threads.stages.end(),
                                   [](const auto& stage) { return stage.source == perf::kThreadsFromRuntime; });
    if (any_default) summary += " · runtime default: " + threads.runtime_default_rule;
  }
  return summary + " · " + cores_text(threads.logical_cores, threads.physical_cores);
}

}  // namespace winml::report::text
