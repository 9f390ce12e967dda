#include "report/resources_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/text_units.h"

namespace winml::report::text {
namespace {

std::string phase_of(const std::optional<resources::UsagePhase>& phase) {
  return phase ? std::string(resources::usage_phase_name(*phase)) : "between phases";
}

std::string cpu_text(const resources::PhaseCpu& p, unsigned cores) {
  std::string text = fmt::format("{:.2f} busy cores", p.busy_cores());
  if (cores > 0) text += fmt::format(" ({:.0f} % of {} cores)", 100.0 * p.busy_cores() / cores, cores);
  return text + fmt::format(" · {} CPU in {}", duration(p.cpu_s), duration(p.wall_s));
}

std::string other_text(const resources::OtherLoad& o) {
  std::string text =
      fmt::format("other processes used {:.2f} of {} cores during the timed runs", o.busy_cores, o.cores);
  if (o.noisy()) return text + fmt::format(": results are noisy (above {:.2f} cores)", o.threshold_cores);
  return text + fmt::format(" (noisy above {:.2f} cores)", o.threshold_cores);
}

std::string device_text(const resources::DeviceUsage& d) {
  std::string text;
  const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : " · ") + part; };
  if (d.mean_utilisation) add(fmt::format("utilisation mean {:.0f} %", 100.0 * *d.mean_utilisation));
  if (d.peak_utilisation) add(fmt::format("peak {:.0f} %", 100.0 * *d.peak_utilisation));
  if (d.peak_memory_bytes) add("memory peak " + bytes(*d.peak_memory_bytes));
  if (d.peak_shared_memory_bytes) add("shared memory peak " + bytes(*d.peak_shared_memory_bytes));
  if (!d.engines.empty()) {
    std::string engines;
    for (const resources::EngineUsage& e : d.engines) {
      engines += fmt::format("{}{} {:.0f} %", engines.empty() ? "" : ", ", e.type, 100.0 * e.mean_utilisation);
    }
    add("engines (mean) " + engines);
  }
  return text;
}

// "rapl: no permission, nvml: library not found": the sources looked for and why each failed;
// with `devices_only`, only those that tell accelerator use.
std::string looked_for(const resources::ResourceUsage& usage, bool devices_only = false) {
  std::string text;
  for (const resources::SourceStatus& s : usage.sources) {
    if (s.available || (devices_only && !resources::tells_device_use(s))) continue;
    text += (text.empty() ? "" : ", ") + s.name + (s.detail.empty() ? "" : ": " + s.detail);
  }
  return text.empty() ? "no source" : text;
}

std::string energy_text(const resources::ResourceUsage& usage) {
  const resources::EnergyUsage& e = usage.energy;
  if (!e.available) return "not available (looked for: " + looked_for(usage) + ")";
  std::string text;
  const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : " · ") + part; };
  if (e.joules_per_generated_token) add(fmt::format("{:.3f} J per generated token", *e.joules_per_generated_token));
  if (e.tokens_per_joule) add(fmt::format("{:.2f} tokens/J", *e.tokens_per_joule));
  if (e.joules_per_prompt_token) add(fmt::format("{:.4f} J per prompt token", *e.joules_per_prompt_token));
  if (e.idle_w) add(fmt::format("idle {:.1f} W", *e.idle_w));
  return text.empty() ? "measured (no tokens to divide by)" : text;
}

std::string phase_energy_text(const resources::PhaseEnergy& p) {
  std::string text = fmt::format("{:.2f} J · {:.1f} W average", p.joules, p.average_w());
  if (p.above_idle_j) text += fmt::format(" · {:.2f} J above idle", *p.above_idle_j);
  return text;
}

}  // namespace

std::string resources_text(const resources::ResourceUsage& usage, unsigned logical_cores, const Style& style) {
  if (!usage.sampled) return "";
  const unsigned cores = usage.other && usage.other->cores > 0 ? usage.other->cores : logical_cores;
  Table t({}, false);
  bool first = true;
  for (const resources::PhaseCpu& p : usage.cpu) {
    t.add_row({first ? "CPU" : "", fmt::format("{}: {}", resources::usage_phase_name(p.phase), cpu_text(p, cores))});
    first = false;
  }
  if (usage.other) t.add_row({"other load", other_text(*usage.other)});
  t.add_row({"peak RSS (sampled)", fmt::format("{} at {:.2f} s ({})", bytes(usage.rss_peak.bytes), usage.rss_peak.t_s,
                                               phase_of(usage.rss_peak.phase))});
  const std::string device = device_text(usage.device);
  if (!device.empty()) {
    t.add_row({"device", device});
  } else if (usage.energy.available) {
    // Without a meter the energy row names every source looked for; with one, this row names
    // those that would have told accelerator use, so each missing source is said once.
    t.add_row({"device", "no accelerator utilisation (looked for: " + looked_for(usage, true) + ")"});
  }
  t.add_row({"energy", energy_text(usage)});
  if (usage.energy.available) {
    for (const resources::PhaseEnergy& p : usage.energy.phases)
      t.add_row({"", fmt::format("{}: {}", resources::usage_phase_name(p.phase), phase_energy_text(p))});
  }
  t.add_row({"sampling", fmt::format("{} samples every {} · sampler used {} CPU", usage.samples,
                                     duration(usage.interval_s), duration(usage.sampler_cpu_s))});
  return t.render(style, 2);
}

}  // namespace winml::report::text
