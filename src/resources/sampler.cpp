#include "resources/sampler.h"

#include <algorithm>

namespace winml::resources {

Sampler::Sampler(SamplerReaders readers, std::chrono::milliseconds interval, std::size_t capacity)
    : readers_(std::move(readers)), interval_(interval), capacity_(std::max<std::size_t>(capacity, 4)) {
  record_.requested_interval_s = std::chrono::duration<double>(interval_).count();
  record_.interval_s = record_.requested_interval_s;
  record_.sources = readers_.sources;
  std::size_t next_slot = 0;
  for (const auto& counter : readers_.counters) {
    const std::size_t count = std::min(counter->engine_slots(), kMaxEngineTypes - next_slot);
    counter->assign_engine_slots(next_slot, count);
    next_slot += count;
  }
  record_.samples.reserve(capacity_);
  record_.spans.reserve(4096);
  Sample first = read_now();
  record_.start_s = first.t_s;
  record_.samples.push_back(first);
  thread_ = std::thread([this] { run(); });
}

Sampler::~Sampler() { stop(); }

void Sampler::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

Sample Sampler::read_now() {
  Sample sample;
  const platform::TickReading tick = readers_.tick();
  sample.t_s = readers_.clock();
  sample.process_cpu_s = tick.process_cpu_s;
  if (tick.machine) {
    sample.machine_busy_s = tick.machine->busy_s;
    sample.machine_total_s = tick.machine->busy_s + tick.machine->idle_s;
  }
  sample.rss_bytes = tick.rss_bytes;
  for (const auto& counter : readers_.counters) counter->read(sample);
  return sample;
}

void Sampler::thin() {
  std::vector<Sample>& samples = record_.samples;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < samples.size(); i += 2) samples[kept++] = samples[i];
  samples.resize(kept);  // shrinking keeps the capacity: no allocation
  interval_ *= 2;
  record_.interval_s *= 2;
}

void Sampler::run() {
  const double cpu_at_start = readers_.thread_cpu_s();
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait_for(lock, interval_, [this] { return stopping_; });
    const bool last = stopping_;
    lock.unlock();
    const Sample sample = read_now();
    lock.lock();
    if (record_.samples.size() == capacity_) thin();
    record_.samples.push_back(sample);
    if (last) break;
  }
  record_.sampler_cpu_s = readers_.thread_cpu_s() - cpu_at_start;
}

std::optional<Sample> Sampler::latest() const {
  std::lock_guard lock(mutex_);
  if (record_.samples.empty()) return std::nullopt;
  return record_.samples.back();
}

void Sampler::add_span(std::size_t owner, PhaseSpan span) {
  std::lock_guard lock(mutex_);
  record_.spans.push_back({owner, span});
}

std::optional<platform::MachineTimes> Sampler::open_cores() const {
  return readers_.cores ? readers_.cores() : std::nullopt;
}

void Sampler::close_cores(std::size_t owner, const std::optional<platform::MachineTimes>& opened) {
  const auto now = open_cores();
  if (!opened || !now || now->cores.size() != opened->cores.size()) return;
  std::lock_guard lock(mutex_);
  auto windows = std::find_if(record_.core_windows.begin(), record_.core_windows.end(),
                              [owner](const CoreWindows& w) { return w.owner == owner; });
  if (windows == record_.core_windows.end()) {
    record_.core_windows.push_back({owner, std::vector<platform::CoreTimes>(now->cores.size())});
    windows = record_.core_windows.end() - 1;
  }
  if (windows->cores.size() != now->cores.size()) return;
  for (std::size_t i = 0; i < now->cores.size(); ++i) {
    windows->cores[i].busy_s += now->cores[i].busy_s - opened->cores[i].busy_s;
    windows->cores[i].idle_s += now->cores[i].idle_s - opened->cores[i].idle_s;
  }
}

const SamplerRecord& Sampler::record() {
  stop();
  // Each source's slots as the constructor assigned them.
  for (const auto& counter : readers_.counters) {
    const std::vector<std::string> types = counter->engine_types();
    for (std::size_t i = 0; i < counter->engine_slot_count() && i < types.size(); ++i)
      record_.engine_types[counter->first_engine_slot() + i] = types[i];
  }
  return record_;
}

}  // namespace winml::resources
