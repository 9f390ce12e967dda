#include "perf/usage_sampling.h"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

namespace winml::perf {

UsageSampling::UsageSampling(std::chrono::milliseconds interval, const Clock& clock, BenchmarkObserver& observer)
    : observer_(observer) {
  if (interval.count() <= 0) return;
  sampler_.emplace(resources::system_readers(clock), interval);
  observer_.on_sampler(&*sampler_);
}

UsageSampling::~UsageSampling() { stop(); }

void UsageSampling::stop() {
  if (!sampler_ || stopped_) return;
  stopped_ = true;
  observer_.on_sampler(nullptr);  // the live monitor stops reading before the sampler goes
  sampler_->stop();
}

void UsageSampling::measure_idle(double seconds, const Clock& clock, const StopRequest& stop) {
  if (!sampler_ || stopped_ || seconds <= 0) return;
  const double start = clock();
  for (double now = start; now - start < seconds && !stop_requested(stop); now = clock()) {
    std::this_thread::sleep_for(std::chrono::duration<double>(std::min(0.1, seconds - (now - start))));
  }
  sampler_->add_span(resources::kEveryResult, {resources::UsagePhase::idle, start, clock()});
}

void UsageSampling::span(std::size_t owner, resources::UsagePhase phase, double start_s, double end_s) {
  if (sampler_ && !stopped_) sampler_->add_span(owner, {phase, start_s, end_s});
}

std::optional<platform::MachineTimes> UsageSampling::open_cores() const {
  return sampler_ && !stopped_ ? sampler_->open_cores() : std::nullopt;
}

void UsageSampling::close_cores(std::size_t owner, const std::optional<platform::MachineTimes>& opened) {
  if (sampler_ && !stopped_) sampler_->close_cores(owner, opened);
}

resources::ResourceUsage UsageSampling::usage(std::size_t owner, const resources::UsageTokens& tokens,
                                              unsigned logical_cores) {
  if (!sampler_) return {};
  stop();
  return resources::summarize_usage(sampler_->record(), owner, tokens, logical_cores);
}

std::uint64_t run_peak_rss(std::uint64_t high_water_bytes, const resources::ResourceUsage& usage) {
  return usage.sampled ? std::max(high_water_bytes, usage.rss_peak.bytes) : high_water_bytes;
}

void note_other_load(RunQuality& quality, const resources::ResourceUsage& usage) {
  if (!usage.other || !usage.other->noisy()) return;
  const resources::OtherLoad& other = *usage.other;
  quality.other_busy_cores = other.busy_cores;
  quality.other_load =
      other.cores > 0
          ? fmt::format("other processes used {:.2f} of {} cores during the timed runs", other.busy_cores, other.cores)
          : fmt::format("other processes used {:.2f} cores during the timed runs", other.busy_cores);
  quality.warnings.push_back(other_load_warning(quality.other_load));
}

void PhaseSpanRecorder::on_iteration(const ProgressEvent& event) {
  const double now = clock_();
  using resources::UsagePhase;
  switch (event.phase) {
    case Phase::first_run:
    case Phase::warmup:
      sampling_.span(owner_, UsagePhase::warmup, generation_ ? generation_->start_s : now - event.iteration_s,
                     generation_ ? generation_->end_s : now);
      break;
    case Phase::timed:
      if (generation_) {
        sampling_.span(owner_, UsagePhase::prefill, generation_->prefill_start_s, generation_->prefill_end_s);
        sampling_.span(owner_, UsagePhase::decode, generation_->prefill_end_s, generation_->end_s);
      } else {
        sampling_.span(owner_, UsagePhase::run, now - event.iteration_s, now);
      }
      break;
    case Phase::cold:
      sampling_.span(owner_, UsagePhase::load, now - event.iteration_s, now);
      break;
    case Phase::served:  // the serving run spans itself (serving_benchmark.h): its turns overlap
      break;
  }
  generation_.reset();
  next_.on_iteration(event);
}

}  // namespace winml::perf
