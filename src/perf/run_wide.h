#pragma once
/// \file
/// The settings every result of a run shares, whatever the runtime: threads in effect, the
/// percentiles its summaries report, --rounds and --delay, and when it started. Both results hold
/// one (GenaiPerfConfig::run, OnnxPerfConfig::run) and each format writes it in one place
/// (report/json_fields.h add_run_wide, result_rows.cpp run_wide_columns, text_sections.h rounds_text),
/// so a run-wide setting is added here, where the benchmarks fill it, and once per format. What a
/// result measured of its conditions (machine, clock, quality checks) is perf/run_context.h.

#include <cstddef>
#include <string>
#include <vector>

#include "session/threads_in_effect.h"
#include "stats/percentile_list.h"

namespace winml::perf {

/// What every result of a run records alike.
struct RunWide {
  ThreadsInEffect threads;                                  ///< intra-op threads in effect, and where they come from
  std::vector<double> percentiles = default_percentiles();  ///< percentiles every summary reports
  std::size_t rounds = 1;  ///< --rounds: runs of this combination, interleaved with the others'
  double delay_s = 0;      ///< --delay: sleep before every run of the sweep but the first
  std::string timestamp;   ///< start, RFC 3339 local time with UTC offset (rfc3339_local)
};

/// The run-wide settings a benchmark knows (--percentiles, --rounds, --delay, the start) before it loads anything;
/// threads are filled once the session says what it runs with.
RunWide run_wide(const std::vector<double>& percentiles, std::size_t rounds, double delay_s, std::string timestamp);

}  // namespace winml::perf
