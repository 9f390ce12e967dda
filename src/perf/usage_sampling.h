#pragma once
/// \file
/// A benchmark's resource sampling, shared by both runtimes: the sampler (resources/sampler.h)
/// from before the first load to after the last timed run, shown to the observer while it runs
/// and withdrawn from it before it stops, on every exit path; the spans each result's phases took;
/// and each result's ResourceUsage once the runs are done. Off (every call a no-op) under
/// --sample-ms 0.

#include <chrono>
#include <cstddef>
#include <optional>

#include "perf/benchmark_observer.h"
#include "perf/interruption.h"
#include "perf/progress.h"
#include "perf/run_quality.h"
#include "resources/sampler.h"
#include "resources/usage_summary.h"
#include "winml/genai_session.h"  // Clock

namespace winml::perf {

/// One benchmark's sampling.
class UsageSampling {
 public:
  /// Starts the sampler on `clock` at `interval` (0: off) and tells `observer`.
  UsageSampling(std::chrono::milliseconds interval, const Clock& clock, BenchmarkObserver& observer);
  /// Tells the observer the sampler goes, then stops it.
  ~UsageSampling();
  UsageSampling(const UsageSampling&) = delete;
  UsageSampling& operator=(const UsageSampling&) = delete;

  bool on() const { return sampler_.has_value(); }
  /// Marks [start_s, end_s] of the clock as `phase` of result `owner`.
  void span(std::size_t owner, resources::UsagePhase phase, double start_s, double end_s);
  /// Per-core times before a result's warmup and timed runs; close_cores adds the time since.
  std::optional<platform::MachineTimes> open_cores() const;
  void close_cores(std::size_t owner, const std::optional<platform::MachineTimes>& opened);
  /// --idle-power: waits `seconds` (in slices, so that `stop` ends it early) before anything loads,
  /// marked as the idle phase every result shares. Nothing when off or `seconds` is 0.
  void measure_idle(double seconds, const Clock& clock, const StopRequest& stop);
  /// Stops the sampler (the first call) and tells the observer so; later spans are ignored.
  void stop();
  /// Result `owner`'s usage; stops the sampler first. Empty when off.
  resources::ResourceUsage usage(std::size_t owner, const resources::UsageTokens& tokens, unsigned logical_cores);

 private:
  BenchmarkObserver& observer_;
  std::optional<resources::Sampler> sampler_;
  bool stopped_ = false;
};

/// The run's peak RSS: the kernel's high-water mark read around the runs (`high_water_bytes`), or
/// the sampler's highest reading in the run's window when that is higher. The mark is read at
/// points and reset around the bandwidth probes, so it can miss a peak the sampler saw; taking the
/// higher keeps "peak RSS (sampled)" from ever exceeding the report's peak RSS.
std::uint64_t run_peak_rss(std::uint64_t high_water_bytes, const resources::ResourceUsage& usage);

/// Notes in `quality` (RunQuality::other_load, its warning among the warnings) what other
/// processes used during the timed runs, when `usage` says it was above the threshold.
void note_other_load(RunQuality& quality, const resources::ResourceUsage& usage);

/// The start and split of the generation that just ran, told by the GenAI benchmark before the
/// runner reports it, so that its timed generations split into prefill and decode.
struct GenerationSpan {
  double start_s = 0;          ///< the clock before the generation
  double prefill_start_s = 0;  ///< after the depth fill
  double prefill_end_s = 0;    ///< the first token
  double end_s = 0;            ///< the clock after it
};

/// Passes a runner's progress on to `next`, marking each iteration as a span of `owner`: warmup
/// (and a single model's first run) as warmup, timed as run, or as prefill then decode when a
/// GenerationSpan was told, a cold start as load.
class PhaseSpanRecorder final : public ProgressSink {
 public:
  PhaseSpanRecorder(ProgressSink& next, UsageSampling& sampling, std::size_t owner, const Clock& clock)
      : next_(next), sampling_(sampling), owner_(owner), clock_(clock) {}
  /// The generation that ran last, before its on_iteration.
  void generation(const GenerationSpan& span) { generation_ = span; }
  void on_iteration(const ProgressEvent& event) override;
  void on_combination(const CombinationEvent& event) override { next_.on_combination(event); }
  void on_cooling(double seconds) override { next_.on_cooling(seconds); }

 private:
  ProgressSink& next_;
  UsageSampling& sampling_;
  std::size_t owner_;
  const Clock& clock_;
  std::optional<GenerationSpan> generation_;
};

}  // namespace winml::perf
