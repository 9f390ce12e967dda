#pragma once
/// \file
/// The "resources" object of a report's result: what the run used (resources::ResourceUsage) in the
/// report's units (durations _ms, memory _bytes, energy _j, power _w). Written only when the run was
/// sampled: an unsampled result has no "resources" key, so reports without it stay as they were.

#include <nlohmann/json.hpp>

#include "resources/resource_usage.h"

namespace winml::report::json_fields {

/// {sample_interval_ms, samples, sampler_cpu_ms, cpu [{phase, wall_ms, cpu_ms, busy_cores,
/// share_of_cores}], core_busy, other_load | null, rss_peak {rss_bytes, t_ms, phase}, phase_peak_rss,
/// device, energy, sources, spans, timeline}. `logical_cores` is the machine's, for share_of_cores
/// when the usage has no other-load figure of its own (0: share left null).
nlohmann::ordered_json resources_object(const resources::ResourceUsage& usage, unsigned logical_cores);

}  // namespace winml::report::json_fields
