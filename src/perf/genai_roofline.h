#pragma once
/// \file
/// The roofline of a GenAI run: the bytes a decode step must read and the bandwidth that achieved,
/// as a fraction of the read bandwidth probed right before and after the run; the prefill's FLOPs
/// and GFLOP/s; and the split of peak memory into weights, key/value cache and the rest. Pure
/// arithmetic over the bundle's shape (roofline/step_traffic.h), the timed samples and the probes.
/// Definitions: docs/metrics.md, "Roofline".

#include <cstdint>
#include <vector>

#include "perf/genai_result.h"
#include "perf/roofline_result.h"
#include "roofline/bundle_model.h"

namespace winml::perf {

/// The model of a bundle's shape. Throws winml::Error (runtime) for a cache element of unknown size.
RooflineModel roofline_model(const roofline::BundleModel& bundle);

/// The figures from the timed samples. Decode step k (1-based) of an iteration attends over
/// depth + its prompt tokens + k positions (docs/metrics.md, "Timeline"), and reads those cache
/// positions. The prefill's FLOPs take `metrics.prompt_tokens` (the prompt every timed iteration
/// ran) and its time `metrics.prefill_s.mean`.
/// Sets the peak RSS of `m` and splits it: the rest beside weights and cache, or, when those
/// exceed it, parts_exceed_peak_rss. 0: unknown (no split).
void split_peak_rss(RooflineMetrics& m, std::uint64_t peak_rss_bytes);

RooflineMetrics compute_roofline(const RooflineModel& model, const std::vector<GenerationSample>& timed,
                                 const GenaiMetrics& metrics, const BandwidthProbes& probes,
                                 std::uint64_t peak_rss_bytes, std::int64_t depth = 0);

}  // namespace winml::perf
