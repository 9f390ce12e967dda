#include "report/resources_json.h"

#include <string>

#include "report/json_fields.h"

namespace winml::report::json_fields {
namespace {

Json phase_name(resources::UsagePhase phase) { return std::string(resources::usage_phase_name(phase)); }

template <class T>
Json or_null(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

unsigned cores_of(const resources::ResourceUsage& usage, unsigned logical_cores) {
  return usage.other && usage.other->cores > 0 ? usage.other->cores : logical_cores;
}

Json cpu(const resources::ResourceUsage& usage, unsigned cores) {
  Json out = Json::array();
  for (const resources::PhaseCpu& p : usage.cpu) {
    out.push_back({{"phase", phase_name(p.phase)},
                   {"wall_ms", ms(p.wall_s)},
                   {"cpu_ms", ms(p.cpu_s)},
                   {"busy_cores", rate(p.busy_cores())},
                   {"share_of_cores", cores > 0 ? Json(rate(p.busy_cores() / cores)) : Json(nullptr)}});
  }
  return out;
}

Json other_load(const std::optional<resources::OtherLoad>& other) {
  if (!other) return nullptr;
  return {{"busy_cores", rate(other->busy_cores)},
          {"cores", other->cores},
          {"threshold_cores", rate(other->threshold_cores)},
          {"noisy", other->noisy()}};
}

Json rss(const resources::ResourceUsage& usage) {
  Json phases = Json::array();
  for (const auto& [phase, bytes] : usage.phase_peak_rss)
    phases.push_back({{"phase", phase_name(phase)}, {"rss_bytes", bytes}});
  const resources::RssPeak& peak = usage.rss_peak;
  return {{"rss_bytes", peak.bytes},
          {"t_ms", ms(peak.t_s)},
          {"phase", peak.phase ? phase_name(*peak.phase) : Json(nullptr)},
          {"phases", std::move(phases)}};
}

Json device(const resources::DeviceUsage& d) {
  Json engines = Json::array();
  for (const resources::EngineUsage& e : d.engines) {
    engines.push_back({{"type", e.type},
                       {"mean_utilisation", rate(e.mean_utilisation)},
                       {"peak_utilisation", rate(e.peak_utilisation)}});
  }
  return {{"mean_utilisation", or_null(d.mean_utilisation)},
          {"peak_utilisation", or_null(d.peak_utilisation)},
          {"peak_memory_bytes", or_null(d.peak_memory_bytes)},
          {"peak_shared_memory_bytes", or_null(d.peak_shared_memory_bytes)},
          {"engines", std::move(engines)}};
}

Json energy(const resources::EnergyUsage& e) {
  Json phases = Json::array();
  for (const resources::PhaseEnergy& p : e.phases) {
    phases.push_back({{"phase", phase_name(p.phase)},
                      {"joules", rate(p.joules)},
                      {"wall_ms", ms(p.wall_s)},
                      {"average_w", rate(p.average_w())},
                      {"above_idle_j", p.above_idle_j ? Json(rate(*p.above_idle_j)) : Json(nullptr)}});
  }
  return {{"available", e.available},
          {"idle_w", or_null(e.idle_w)},
          {"joules_per_generated_token", or_null(e.joules_per_generated_token)},
          {"joules_per_prompt_token", or_null(e.joules_per_prompt_token)},
          {"tokens_per_joule", or_null(e.tokens_per_joule)},
          {"phases", std::move(phases)}};
}

Json sources(const std::vector<resources::SourceStatus>& statuses) {
  Json out = Json::array();
  for (const resources::SourceStatus& s : statuses)
    out.push_back({{"name", s.name}, {"available", s.available}, {"detail", s.detail}});
  return out;
}

Json spans(const std::vector<resources::PhaseSpan>& spans) {
  Json out = Json::array();
  for (const resources::PhaseSpan& s : spans)
    out.push_back({{"phase", phase_name(s.phase)}, {"start_ms", ms(s.start_s)}, {"end_ms", ms(s.end_s)}});
  return out;
}

Json timeline(const std::vector<resources::TimelinePoint>& points) {
  Json out = Json::array();
  for (const resources::TimelinePoint& p : points) {
    out.push_back({{"t_ms", ms(p.t_s)},
                   {"process_busy_cores", rate(p.process_busy_cores)},
                   {"machine_busy_cores", or_null(p.machine_busy_cores)},
                   {"rss_bytes", p.rss_bytes},
                   {"device_memory_bytes", or_null(p.device_memory_bytes)},
                   {"device_utilisation", or_null(p.device_utilisation)},
                   {"power_w", or_null(p.power_w)}});
  }
  return out;
}

}  // namespace

Json resources_object(const resources::ResourceUsage& usage, unsigned logical_cores) {
  Json core_busy = Json::array();
  for (double share : usage.core_busy) core_busy.push_back(rate(share));
  return {{"sample_interval_ms", ms(usage.interval_s)},
          {"samples", usage.samples},
          {"sampler_cpu_ms", ms(usage.sampler_cpu_s)},
          {"cpu", cpu(usage, cores_of(usage, logical_cores))},
          {"core_busy", std::move(core_busy)},
          {"other_load", other_load(usage.other)},
          {"rss_peak", rss(usage)},
          {"device", device(usage.device)},
          {"energy", energy(usage.energy)},
          {"sources", sources(usage.sources)},
          {"spans", spans(usage.spans)},
          {"timeline", timeline(usage.timeline)}};
}

}  // namespace winml::report::json_fields
