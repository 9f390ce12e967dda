#pragma once
/// \file
/// The GenAI benchmark loop: warmup generations, then timed generations by count or time budget.
/// It never prints and never measures the model itself: each GenerationTiming comes from the
/// source (GenaiSession::generate_timed times the GenAI calls). The runner's clock only decides
/// when the time budget is spent and feeds the progress sink.

#include <vector>

#include "perf/interruption.h"
#include "perf/loop_settings.h"
#include "perf/progress.h"
#include "winml/genai_session.h"
#include "winml/generation.h"

namespace winml::perf {

/// Produces one timed generation per call, always of the same prompt and settings.
class GenerationSource {
 public:
  virtual ~GenerationSource() = default;
  /// Runs one generation and returns its timing. Exceptions propagate out of the runner.
  virtual GenerationTiming generate() = 0;
};

/// What a GenAI benchmark produced: warmup and timed generations kept apart.
struct GenaiRunSamples {
  std::vector<GenerationTiming> warmup;  ///< excluded from statistics
  std::vector<GenerationTiming> timed;   ///< the statistics are computed from these
  double timed_wall_s = 0;               ///< wall time of the whole timed phase, runner clock
  bool stopped = false;                  ///< `stop` ended it before its plan (Ctrl-C)
};

/// Runs settings.warmup generations, then timed ones until should_start_timed_iteration says stop.
/// Validates settings first (winml::UsageError). Reports every finished generation to progress.
/// Checks `stop` before every generation: once it says stop, none further starts (the timed phase
/// may then have none) and the samples are marked `stopped`.
GenaiRunSamples run_genai_benchmark(GenerationSource& source, const LoopSettings& settings, const Clock& clock,
                                    ProgressSink& progress, const StopRequest& stop = {});

}  // namespace winml::perf
