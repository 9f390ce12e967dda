#pragma once
/// \file
/// Memory bandwidth with every core, over arrays far larger than the last-level cache: a read-only
/// stream (how decode streams its weights) and the STREAM triad, in GB/s (1e9 bytes per second).
/// The probe only measures; `winml sys --bandwidth` prints it, and perf can run the short form
/// right before and after a benchmark, since on a shared machine the figure moves by 20-30 % within
/// an hour. Definitions and caveats: docs/metrics.md, "Memory bandwidth".

#include <cstdint>
#include <vector>

#include "platform/memory_hierarchy.h"

namespace winml::perf {

/// Time budget of the short probe perf runs around a benchmark, in seconds.
inline constexpr double kShortBandwidthProbeSeconds = 0.2;
/// Time budget of `winml sys --bandwidth`, in seconds.
inline constexpr double kFullBandwidthProbeSeconds = 1.5;
/// The smallest array the size rule picks: 128 MiB, so three arrays are 384 MiB even where the
/// last-level cache is unknown.
inline constexpr std::uint64_t kMinBandwidthArrayBytes = std::uint64_t{128} << 20;
/// Rounds run at least this many times, whatever the budget, so the median means something.
inline constexpr std::size_t kMinBandwidthRounds = 3;

/// What to measure.
struct BandwidthOptions {
  /// No new round starts after this many seconds of timed rounds (the round running finishes).
  /// Allocating and first touching the arrays and one warmup round come on top.
  double budget_seconds = kFullBandwidthProbeSeconds;
  /// Threads; 0 = every logical core.
  unsigned threads = 0;
  /// Bytes of each of the three arrays; 0 = the size rule of bandwidth_array_bytes().
  std::uint64_t array_bytes = 0;
};

/// One kernel's rates over the timed repetitions.
struct BandwidthRate {
  double best_gb_per_s = 0;              ///< the fastest repetition (STREAM's convention)
  double median_gb_per_s = 0;            ///< nearest-rank median (the lower middle one for even counts)
  std::vector<double> samples_gb_per_s;  ///< every repetition, in the order measured
};

/// What the probe measured and how.
struct BandwidthResult {
  unsigned threads = 0;                          ///< threads that ran the kernels, each on its own slice
  std::uint64_t array_bytes = 0;                 ///< bytes of each of the three arrays
  std::uint64_t last_level_cache_bytes = 0;      ///< all last-level caches together; 0 = unknown
  std::uint64_t read_bytes_per_repetition = 0;   ///< bytes a read repetition is credited with
  std::uint64_t triad_bytes_per_repetition = 0;  ///< bytes a triad repetition is credited with
  BandwidthRate read;                            ///< the read-only stream
  BandwidthRate triad;                           ///< a[i] = b[i] + s * c[i]
  double setup_seconds = 0;                      ///< allocation, first touch and the warmup round
  double timed_seconds = 0;                      ///< the timed rounds
};

/// The bytes of each array for `threads` threads. `requested` > 0 is taken as asked; 0 applies the
/// rule: max(4 x last-level cache, kMinBandwidthArrayBytes), capped at a twelfth of the available
/// memory (three arrays take at most a quarter of it) when that is known. Either way the result is
/// rounded down to whole 4 KiB pages per thread (at least one), so every thread owns whole pages.
std::uint64_t bandwidth_array_bytes(std::uint64_t requested, const platform::MemoryHierarchy& sizes, unsigned threads);

/// Bytes a read repetition is credited with: all three arrays are read once.
std::uint64_t read_repetition_bytes(std::uint64_t array_bytes);

/// Bytes a triad repetition is credited with, as STREAM counts them: b and c read, a written
/// (3 arrays). The write-allocate read of a that most CPUs also do is not counted.
std::uint64_t triad_repetition_bytes(std::uint64_t array_bytes);

/// bytes / seconds / 1e9. A repetition shorter than the clock can tell counts as 1 ns.
double gb_per_s(std::uint64_t bytes, double seconds);

/// Best (largest) and nearest-rank median of the samples; all 0 for none. Throws winml::Error on
/// a NaN or infinite sample.
BandwidthRate summarize_bandwidth(std::vector<double> samples_gb_per_s);

/// Runs the probe: allocates the arrays, lets each thread first-touch its own slice (so its pages
/// are local to it), runs one untimed warmup round, then timed rounds (a read repetition and a
/// triad repetition each) until the budget is spent. Threads are not pinned. Throws winml::Error
/// (usage) for a negative or non-finite budget or more than 4096 threads, (runtime) when the
/// arrays cannot be allocated, the threads cannot be started, or the data reads back wrong.
BandwidthResult measure_memory_bandwidth(const BandwidthOptions& options);

}  // namespace winml::perf
