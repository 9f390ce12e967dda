#pragma once
/// \file
/// The roofline part of a GenAI result, as plain data: what the bundle's shape decides, the
/// read-bandwidth probes around the run, and the figures computed from both and the timed samples
/// (perf/genai_roofline.h computes them). Definitions: docs/metrics.md, "Roofline".

#include <cstdint>
#include <optional>

#include "machine/bandwidth_probe.h"
#include "roofline/bundle_model.h"
#include "roofline/step_traffic.h"

namespace winml::perf {

/// What the bundle alone decides, computed once before the run.
struct RooflineModel {
  roofline::AttentionShape attention;         ///< layers, heads, head size, cache element type
  roofline::WeightBytes decode_weights;       ///< weights of the stages that run for every token
  std::uint64_t weights_in_memory_bytes = 0;  ///< every stage's initializers, whole
  std::uint64_t kv_bytes_per_position = 0;    ///< key/value cache bytes per position
  std::uint64_t prefill_macs_per_token = 0;   ///< weight multiply-accumulates per prompt token
};

/// Why the read-bandwidth probes did not run (perf/probe_schedule.h decides).
enum class ProbeSkip {
  none,      ///< they ran (or were tried: a failed probe is absent all the same)
  off,       ///< --no-bandwidth-probe
  in_cache,  ///< what a decode step reads fits in the last-level cache, so memory is no limit
};

/// The read-bandwidth probes around the run (in a sweep: before its first run and after its last,
/// the same for every combination); either is absent when skipped or failed.
struct BandwidthProbes {
  std::optional<BandwidthResult> before;     ///< right before the warmup generations
  std::optional<BandwidthResult> after;      ///< right after the last timed generation
  ProbeSkip skipped = ProbeSkip::none;       ///< why neither ran
  std::uint64_t last_level_cache_bytes = 0;  ///< the machine's, all instances together; 0 = unknown
};

/// The roofline figures of one result.
struct RooflineMetrics {
  // Decode: one step, averaged over every timed decode step (each weighs the same).
  double weight_bytes_per_step = 0;         ///< RooflineModel::decode_weights.read_per_token_bytes
  double kv_cache_bytes_per_step = 0;       ///< the cache read by a step, mean over the steps
  double bytes_per_step = 0;                ///< the two together
  double context_tokens_per_step = 0;       ///< positions a step attends over, mean over the steps
  double decode_step_s = 0;                 ///< all decode time / all decode steps
  double decode_gb_per_s = 0;               ///< bytes_per_step / decode_step_s / 1e9; 0 without steps
  std::optional<double> limit_gb_per_s;     ///< the higher of the probes' best read rates
  std::optional<double> fraction_of_limit;  ///< decode_gb_per_s / limit_gb_per_s
  bool fits_in_cache = false;               ///< bytes_per_step <= the known last-level cache
  // Prefill of the prompt, from the mean prefill time.
  std::int64_t prompt_tokens = 0;        ///< the prompt the prefill's FLOPs are for
  roofline::PrefillFlops prefill_flops;  ///< FLOPs of one prefill
  double prefill_s = 0;                  ///< mean prefill (AppendTokens)
  double prefill_gflop_per_s = 0;        ///< prefill_flops.total() / prefill_s / 1e9; 0 when not timed
  // Memory.
  std::uint64_t weights_bytes = 0;           ///< RooflineModel::weights_in_memory_bytes
  std::int64_t longest_context_tokens = 0;   ///< the most positions the cache held (longest iteration)
  std::uint64_t kv_cache_bytes = 0;          ///< the cache at longest_context_tokens
  std::uint64_t peak_rss_bytes = 0;          ///< the process's peak resident memory
  std::uint64_t rest_of_peak_rss_bytes = 0;  ///< peak RSS - weights - cache, 0 when they exceed it
  /// Weights and cache add up to more than the peak RSS: the weights are counted whole from their
  /// files, but mapped from disk and paged in as read, so not all of them were resident. There is
  /// then no rest to tell (rest_of_peak_rss_bytes 0 means nothing).
  bool parts_exceed_peak_rss = false;
};

/// A result's roofline: the model, the probes and the figures.
struct GenaiRoofline {
  RooflineModel model;
  BandwidthProbes probes;
  RooflineMetrics metrics;
};

}  // namespace winml::perf
