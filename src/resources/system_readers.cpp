#include <memory>

#include "platform/energy_meters.h"
#include "platform/shared_library.h"
#include "resources/emi_source.h"
#include "resources/nvml_source.h"
#include "resources/pdh_source.h"
#include "resources/rapl_source.h"
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
  // Every source looked for is listed, read or not, so a report says why it has no energy.
  SourceStatus rapl{"rapl", false, "Linux powercap: not on this system"};
  if (const auto root = platform::powercap_root(); !root.empty()) {
    if (auto meter = RaplSource::open(root, rapl)) readers.counters.push_back(std::move(meter));
  }
  SourceStatus nvml;
  if (auto gpus = NvmlSource::open(default_nvml_library(), nvml)) readers.counters.push_back(std::move(gpus));
  SourceStatus pdh{"pdh", false, "Windows performance counters: not on this system"};
  if (const std::string library = platform::pdh_library_file_name(); !library.empty()) {
    if (auto engines = PdhSource::open(library, pdh)) readers.counters.push_back(std::move(engines));
  }
  SourceStatus emi;
  if (auto meters = EmiSource::open(platform::open_energy_meters(), emi)) readers.counters.push_back(std::move(meters));
  readers.sources = {rapl, nvml, pdh, emi};
  return readers;
}

}  // namespace winml::resources
