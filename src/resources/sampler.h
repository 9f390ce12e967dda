#pragma once
/// \file
/// The resource sampler: one background thread that reads cheap counters (this process's CPU, the
/// machine's busy and idle seconds, the resident set, and any CounterSource: energy meters,
/// accelerators) every interval, from before the first load to after the last timed run. Readings
/// go into a buffer reserved up front; when it fills, every other reading is dropped and the
/// interval doubles, so a tick never allocates, however long the run. The benchmark marks the
/// phases (PhaseSpan) it ran; resources/usage_summary.h turns both into a ResourceUsage. Cost and
/// rate: docs/metrics.md, "Resources".

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "platform/cpu_times.h"
#include "platform/tick_counters.h"
#include "resources/resource_usage.h"
#include "resources/sample.h"

namespace winml::resources {

/// --sample-ms when not given: 20 readings a second.
inline constexpr std::chrono::milliseconds kDefaultSampleInterval{50};
/// --sample-ms bounds: faster costs more than it tells; slower misses a short prefill altogether.
inline constexpr std::chrono::milliseconds kMinSampleInterval{5};
inline constexpr std::chrono::milliseconds kMaxSampleInterval{1000};
/// Readings held before thinning: 27 minutes at the default interval (a few MiB).
inline constexpr std::size_t kSampleCapacity = std::size_t{1} << 15;

/// What the sampler reads; system_readers() gives this machine's, tests give fakes.
struct SamplerReaders {
  std::function<double()> clock;                                 ///< the benchmark's monotonic clock, seconds
  std::function<platform::TickReading()> tick;                   ///< CPU and RSS at one instant
  std::function<double()> thread_cpu_s;                          ///< the calling thread's CPU (the sampler's cost)
  std::function<std::optional<platform::MachineTimes>()> cores;  ///< per-core times, read at phase edges only
  std::vector<std::unique_ptr<CounterSource>> counters;          ///< energy meters, accelerators
  std::vector<SourceStatus> sources;                             ///< every source looked for, with why not
};

/// This machine's readers on `clock`: platform::TickCounters on /proc, read_machine_times, and the
/// energy and accelerator sources found (each one looked for is in `sources`).
SamplerReaders system_readers(std::function<double()> clock);

/// The owner of a span every result shares (--idle-power's idle draw).
inline constexpr std::size_t kEveryResult = static_cast<std::size_t>(-1);

/// A phase span and the result it belongs to (a sweep's combination), or kEveryResult.
struct OwnedSpan {
  std::size_t owner = 0;
  PhaseSpan span;  ///< on the clock's own time (not yet since the sampler started)
};

/// Per-core busy and total seconds over the windows a result marked (open_cores / close_cores).
struct CoreWindows {
  std::size_t owner = 0;
  std::vector<platform::CoreTimes> cores;  ///< summed differences over its windows
};

/// What the sampler gathered, once stopped.
struct SamplerRecord {
  double start_s = 0;               ///< the clock at the first reading: timeline times are since this
  double interval_s = 0;            ///< the interval readings ended up at (doubled by each thinning)
  double requested_interval_s = 0;  ///< --sample-ms, in seconds
  double sampler_cpu_s = 0;         ///< the sampler thread's own CPU seconds
  std::vector<Sample> samples;      ///< in time order
  std::vector<OwnedSpan> spans;     ///< in the order marked
  std::vector<CoreWindows> core_windows;
  std::vector<SourceStatus> sources;
  /// The engine type of each Sample::engine_utilisation slot; empty where no source named one.
  std::array<std::string, kMaxEngineTypes> engine_types;
};

/// The background sampler. Started by its constructor (the first reading at once), stopped by
/// stop() or the destructor, on every exit path. add_span, open_cores and close_cores come from
/// the benchmark's thread; latest() from any.
class Sampler {
 public:
  Sampler(SamplerReaders readers, std::chrono::milliseconds interval, std::size_t capacity = kSampleCapacity);
  ~Sampler();
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;

  /// Takes a last reading and joins the thread. Idempotent.
  void stop();
  /// The newest reading; empty before the first. Thread-safe (the live monitor's source).
  std::optional<Sample> latest() const;
  /// Marks `span` (clock time) as a phase of result `owner`.
  void add_span(std::size_t owner, PhaseSpan span);
  /// Per-core times now, to close a window with; empty when the system gives no per-core times.
  std::optional<platform::MachineTimes> open_cores() const;
  /// Adds the per-core time since `opened` to `owner`'s windows.
  void close_cores(std::size_t owner, const std::optional<platform::MachineTimes>& opened);
  /// Everything gathered; stops the sampler first.
  const SamplerRecord& record();

 private:
  void run();
  Sample read_now();  // on the sampler's thread
  void thin();        // under mutex_: drops every other reading

  SamplerReaders readers_;
  std::chrono::milliseconds interval_;
  std::size_t capacity_;
  mutable std::mutex mutex_;  // guards record_.samples, record_.spans, record_.core_windows, stopping_
  std::condition_variable wake_;
  bool stopping_ = false;
  SamplerRecord record_;
  std::thread thread_;
};

}  // namespace winml::resources
