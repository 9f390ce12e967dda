#include "resources/usage_summary.h"

#include <algorithm>
#include <array>

namespace winml::resources {
namespace {

bool timed(UsagePhase phase) {
  return phase == UsagePhase::prefill || phase == UsagePhase::decode || phase == UsagePhase::run;
}

// A cumulative counter at time t, interpolated between the readings around it (held at the ends).
template <class Field>
double at(const std::vector<Sample>& samples, double t, Field field) {
  if (samples.empty()) return 0;
  const auto after =
      std::lower_bound(samples.begin(), samples.end(), t, [](const Sample& s, double time) { return s.t_s < time; });
  if (after == samples.begin()) return field(samples.front());
  if (after == samples.end()) return field(samples.back());
  const Sample& a = *(after - 1);
  const Sample& b = *after;
  const double span = b.t_s - a.t_s;
  const double share = span > 0 ? (t - a.t_s) / span : 1;
  return field(a) + (field(b) - field(a)) * share;
}

template <class Field>
double over(const std::vector<Sample>& samples, const PhaseSpan& span, Field field) {
  return at(samples, span.end_s, field) - at(samples, span.start_s, field);
}

// One engine type's readings during the timed runs.
struct EngineTotals {
  double sum = 0;
  double peak = 0;
  std::size_t count = 0;
  void add(float reading) {
    if (reading < 0) return;  // kUnreadEngine
    sum += reading;
    peak = std::max(peak, static_cast<double>(reading));
    ++count;
  }
};

double process_cpu(const Sample& s) { return s.process_cpu_s; }
double machine_busy(const Sample& s) { return s.machine_busy_s; }
double energy(const Sample& s) { return s.energy_j.value_or(0); }

std::optional<UsagePhase> phase_at(const std::vector<PhaseSpan>& spans, double t) {
  for (const PhaseSpan& s : spans) {
    if (t >= s.start_s && t <= s.end_s) return s.phase;
  }
  return std::nullopt;
}

// Joins neighbouring spans, into the longer one's phase, until at most `limit` remain: what the
// report shades of a long run of short generations.
std::vector<PhaseSpan> thinned_spans(std::vector<PhaseSpan> spans, std::size_t limit) {
  while (spans.size() > limit) {
    std::vector<PhaseSpan> joined;
    for (std::size_t i = 0; i < spans.size(); i += 2) {
      if (i + 1 == spans.size()) {
        joined.push_back(spans[i]);
        break;
      }
      const PhaseSpan& a = spans[i];
      const PhaseSpan& b = spans[i + 1];
      joined.push_back({a.end_s - a.start_s >= b.end_s - b.start_s ? a.phase : b.phase, a.start_s, b.end_s});
    }
    spans = std::move(joined);
  }
  return spans;
}

std::vector<TimelinePoint> timeline(const std::vector<Sample>& samples, std::size_t first, std::size_t last,
                                    double start_s) {
  std::vector<TimelinePoint> points;
  if (last <= first) return points;
  const std::size_t count = last - first;  // intervals
  const std::size_t step = (count + kMaxTimelinePoints - 1) / kMaxTimelinePoints;
  for (std::size_t i = first + step; i <= last; i += step) {
    const Sample& a = samples[i - step];
    const Sample& b = samples[i];
    const double wall = b.t_s - a.t_s;
    if (wall <= 0) continue;
    TimelinePoint p;
    p.t_s = b.t_s - start_s;
    p.process_busy_cores = (b.process_cpu_s - a.process_cpu_s) / wall;
    if (a.machine_total_s > 0 && b.machine_total_s > 0)
      p.machine_busy_cores = (b.machine_busy_s - a.machine_busy_s) / wall;
    p.rss_bytes = b.rss_bytes;
    p.device_memory_bytes = b.device_memory_bytes;
    p.device_utilisation = b.device_utilisation;
    if (a.energy_j && b.energy_j) p.power_w = (*b.energy_j - *a.energy_j) / wall;
    points.push_back(p);
  }
  return points;
}

}  // namespace

ResourceUsage summarize_usage(const SamplerRecord& record, std::size_t owner, const UsageTokens& tokens,
                              unsigned logical_cores) {
  ResourceUsage usage;
  std::vector<PhaseSpan> spans;
  for (const OwnedSpan& s : record.spans) {
    if ((s.owner == owner || s.owner == kEveryResult) && s.span.end_s > s.span.start_s) spans.push_back(s.span);
  }
  const std::vector<Sample>& samples = record.samples;
  if (spans.empty() || samples.empty()) return usage;
  usage.sampled = true;
  usage.interval_s = record.interval_s;
  usage.sampler_cpu_s = record.sampler_cpu_s;
  usage.sources = record.sources;

  // CPU and energy per phase, in UsagePhase order.
  constexpr std::array kPhases{UsagePhase::load,   UsagePhase::compile, UsagePhase::warmup, UsagePhase::prefill,
                               UsagePhase::decode, UsagePhase::run,     UsagePhase::idle};
  const bool metered =
      std::any_of(samples.begin(), samples.end(), [](const Sample& s) { return s.energy_j.has_value(); });
  for (UsagePhase phase : kPhases) {
    PhaseCpu cpu{phase, 0, 0};
    double joules = 0;
    bool any = false;
    for (const PhaseSpan& s : spans) {
      if (s.phase != phase) continue;
      any = true;
      cpu.wall_s += s.end_s - s.start_s;
      cpu.cpu_s += over(samples, s, process_cpu);
      joules += over(samples, s, energy);
    }
    if (!any) continue;
    usage.cpu.push_back(cpu);
    if (metered) usage.energy.phases.push_back({phase, joules, cpu.wall_s, std::nullopt});
  }
  if (metered) {
    usage.energy.available = true;
    // --idle-power: the draw of the idle phase, and each other phase's joules above it.
    for (const PhaseEnergy& e : usage.energy.phases) {
      if (e.phase == UsagePhase::idle && e.wall_s > 0) usage.energy.idle_w = e.joules / e.wall_s;
    }
    if (usage.energy.idle_w) {
      for (PhaseEnergy& e : usage.energy.phases) {
        if (e.phase != UsagePhase::idle) e.above_idle_j = e.joules - *usage.energy.idle_w * e.wall_s;
      }
    }
    for (const PhaseEnergy& e : usage.energy.phases) {
      if (e.phase == UsagePhase::decode && tokens.decode_tokens > 0 && e.joules > 0) {
        usage.energy.joules_per_generated_token = e.joules / tokens.decode_tokens;
        usage.energy.tokens_per_joule = tokens.decode_tokens / e.joules;
      }
      if (e.phase == UsagePhase::prefill && tokens.prompt_tokens > 0)
        usage.energy.joules_per_prompt_token = e.joules / tokens.prompt_tokens;
    }
  }

  // What other processes used during the timed spans.
  const bool machine_wide =
      std::all_of(samples.begin(), samples.end(), [](const Sample& s) { return s.machine_total_s > 0; });
  double timed_wall = 0;
  double timed_machine = 0;
  double timed_process = 0;
  for (const PhaseSpan& s : spans) {
    if (!timed(s.phase)) continue;
    timed_wall += s.end_s - s.start_s;
    timed_machine += over(samples, s, machine_busy);
    timed_process += over(samples, s, process_cpu);
  }
  if (machine_wide && timed_wall > 0) {
    OtherLoad other;
    other.cores = logical_cores;
    other.busy_cores = std::max(0.0, (timed_machine - timed_process) / timed_wall);
    other.threshold_cores = std::max(kOtherLoadThresholdCores, kOtherLoadThresholdShare * logical_cores);
    usage.other = other;
  }
  for (const CoreWindows& w : record.core_windows) {
    if (w.owner != owner) continue;
    for (const platform::CoreTimes& core : w.cores) {
      const double total = core.busy_s + core.idle_s;
      usage.core_busy.push_back(total > 0 ? std::clamp(core.busy_s / total, 0.0, 1.0) : 0.0);
    }
  }

  // The readings of this result: from its first span's start to its last span's end.
  double from = spans.front().start_s;
  double to = spans.front().end_s;
  for (const PhaseSpan& s : spans) {
    from = std::min(from, s.start_s);
    to = std::max(to, s.end_s);
  }
  auto first =
      std::lower_bound(samples.begin(), samples.end(), from, [](const Sample& s, double time) { return s.t_s < time; });
  if (first != samples.begin()) --first;  // the reading before the window brackets its start
  auto last =
      std::upper_bound(samples.begin(), samples.end(), to, [](double time, const Sample& s) { return time < s.t_s; });
  if (last != samples.end()) ++last;  // and the one after, its end
  const auto begin_index = static_cast<std::size_t>(first - samples.begin());
  const auto end_index = static_cast<std::size_t>(last - samples.begin());
  usage.samples = end_index - begin_index;

  double utilisation_sum = 0;
  std::size_t utilisation_count = 0;
  std::array<EngineTotals, kMaxEngineTypes> engines{};
  std::vector<std::pair<UsagePhase, std::uint64_t>> phase_peaks;
  // Levels (memory) count from the readings inside the window: the one after it may come after
  // winml read the kernel's high-water mark, and a sampled peak above that would mislead. A run
  // shorter than one interval has only the bracketing readings, which then stand in.
  const auto inside = [from, to](const Sample& s) { return s.t_s >= from && s.t_s <= to; };
  const bool any_inside = std::any_of(samples.begin() + static_cast<std::ptrdiff_t>(begin_index),
                                      samples.begin() + static_cast<std::ptrdiff_t>(end_index), inside);
  for (std::size_t i = begin_index; i < end_index; ++i) {
    const Sample& s = samples[i];
    const auto phase = phase_at(spans, s.t_s);
    if (any_inside && !inside(s)) continue;
    if (s.rss_bytes > usage.rss_peak.bytes) usage.rss_peak = {s.rss_bytes, s.t_s - record.start_s, phase};
    if (phase) {
      auto peak =
          std::find_if(phase_peaks.begin(), phase_peaks.end(), [&](const auto& p) { return p.first == *phase; });
      if (peak == phase_peaks.end())
        phase_peaks.emplace_back(*phase, s.rss_bytes);
      else
        peak->second = std::max(peak->second, s.rss_bytes);
    }
    if (s.device_memory_bytes)
      usage.device.peak_memory_bytes = std::max(usage.device.peak_memory_bytes.value_or(0), *s.device_memory_bytes);
    if (s.device_shared_memory_bytes) {
      usage.device.peak_shared_memory_bytes =
          std::max(usage.device.peak_shared_memory_bytes.value_or(0), *s.device_shared_memory_bytes);
    }
    if (phase && timed(*phase)) {
      if (s.device_utilisation) {
        utilisation_sum += *s.device_utilisation;
        ++utilisation_count;
        usage.device.peak_utilisation = std::max(usage.device.peak_utilisation.value_or(0), *s.device_utilisation);
      }
      for (std::size_t slot = 0; slot < kMaxEngineTypes; ++slot) engines[slot].add(s.engine_utilisation[slot]);
    }
  }
  if (utilisation_count > 0) usage.device.mean_utilisation = utilisation_sum / static_cast<double>(utilisation_count);
  for (std::size_t slot = 0; slot < kMaxEngineTypes; ++slot) {
    if (engines[slot].count == 0 || record.engine_types[slot].empty()) continue;
    usage.device.engines.push_back(
        {record.engine_types[slot], engines[slot].sum / static_cast<double>(engines[slot].count), engines[slot].peak});
  }
  std::sort(phase_peaks.begin(), phase_peaks.end());
  usage.phase_peak_rss = std::move(phase_peaks);

  std::vector<PhaseSpan> shown;
  shown.reserve(spans.size());
  for (const PhaseSpan& s : spans) shown.push_back({s.phase, s.start_s - record.start_s, s.end_s - record.start_s});
  usage.spans = thinned_spans(std::move(shown), kMaxTimelinePoints);
  usage.timeline = timeline(samples, begin_index, end_index == 0 ? 0 : end_index - 1, record.start_s);
  return usage;
}

}  // namespace winml::resources
