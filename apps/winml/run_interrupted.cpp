#include "run_interrupted.h"

#include <fmt/format.h>

#include <string>

namespace winml::cli {

void refuse_empty_interrupted_run(const std::optional<perf::Interruption>& interrupted, std::size_t results) {
  if (!interrupted || results > 0) return;
  throw RunInterrupted(
      "interrupted (Ctrl-C) before any timed iteration finished: there is nothing to report, so no report was "
      "written. Let the warmup finish before stopping, or lower --warmup.");
}

void finish_interrupted_run(const std::optional<perf::Interruption>& interrupted) {
  if (!interrupted) return;
  const perf::Interruption& stopped = *interrupted;
  std::string cut;
  if (stopped.combinations_cut_short > 0) {
    cut = stopped.combinations_planned == 1
              ? ", with the iterations that finished"
              : fmt::format(", {} of them with only the iterations that finished", stopped.combinations_cut_short);
  }
  const std::string what =
      stopped.combinations_planned == 1
          ? std::string("the run")
          : fmt::format("{} of {} combinations", stopped.combinations_reported, stopped.combinations_planned);
  throw RunInterrupted(fmt::format("interrupted (Ctrl-C): the report holds {}{}, marked \"interrupted\"", what, cut));
}

}  // namespace winml::cli
