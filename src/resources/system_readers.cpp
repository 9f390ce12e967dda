#include <memory>

#include "resources/sampler.h"

namespace winml::resources {

SamplerReaders system_readers(std::function<double()> clock) {
  SamplerReaders readers;
  readers.clock = std::move(clock);
  // Shared: the lambda is copied into std::function, the counters' open files are not.
  auto counters = std::make_shared<platform::TickCounters>();
  readers.tick = [counters] { return counters->read(); };
  readers.thread_cpu_s = platform::read_thread_cpu_seconds;
  readers.cores = [] { return platform::read_machine_times(); };
  // No energy meter or accelerator counter is read yet: every report says which were looked for.
  readers.sources = {
      {"rapl", false, "not read by this build: Linux powercap energy counters are not sampled"},
      {"nvml", false, "not read by this build: NVIDIA GPU utilisation, memory and energy are not sampled"},
      {"pdh", false, "not read by this build: Windows GPU/NPU engine counters are not sampled"},
      {"emi", false, "not read by this build: the Windows Energy Meter Interface is not sampled"},
  };
  return readers;
}

}  // namespace winml::resources
