#include "resources/nvml_source.h"

#include <fmt/format.h>

#include <algorithm>

#include "platform/shared_library.h"

namespace winml::resources {
// The few NVML declarations used, as nvml.h defines them (its ABI is stable across drivers). Named,
// not anonymous: NvmlSource::Api, which has external linkage, holds pointers to functions of them.
namespace nvml_abi {
using NvmlReturn = int;  // nvmlReturn_t: 0 is NVML_SUCCESS
using NvmlDevice = void*;
struct NvmlUtilization {
  unsigned int gpu;
  unsigned int memory;
};
struct NvmlMemory {
  unsigned long long total;
  unsigned long long free;
  unsigned long long used;
};
constexpr NvmlReturn kSuccess = 0;

}  // namespace nvml_abi

using nvml_abi::kSuccess;
using nvml_abi::NvmlDevice;
using nvml_abi::NvmlMemory;
using nvml_abi::NvmlReturn;
using nvml_abi::NvmlUtilization;

struct NvmlSource::Api {
  NvmlReturn (*init)() = nullptr;
  NvmlReturn (*shutdown)() = nullptr;
  NvmlReturn (*count)(unsigned int*) = nullptr;
  NvmlReturn (*handle)(unsigned int, NvmlDevice*) = nullptr;
  // The out-structs as void*: NVML is C, and a function called through a pointer must have the
  // pointer's exact type (the fake library in the test tree declares the same).
  NvmlReturn (*utilization)(NvmlDevice, void*) = nullptr;  // nvmlUtilization_t*
  NvmlReturn (*memory)(NvmlDevice, void*) = nullptr;       // nvmlMemory_t*
  NvmlReturn (*energy)(NvmlDevice, unsigned long long*) = nullptr;
};

std::filesystem::path default_nvml_library() { return platform::nvml_library_file_name(); }

NvmlSource::NvmlSource() : api_(std::make_unique<Api>()) {}

NvmlSource::~NvmlSource() {
  if (api_->shutdown) api_->shutdown();
}

std::unique_ptr<NvmlSource> NvmlSource::open(const std::filesystem::path& library, SourceStatus& status) {
  status = {"nvml", false, {}};
  const platform::LoadedLibrary loaded = platform::load_library(library);
  if (!loaded.handle) {
    status.detail = library.filename().string() + " not found (the NVIDIA driver installs it)";
    return nullptr;
  }
  auto source = std::unique_ptr<NvmlSource>(new NvmlSource());
  Api& api = *source->api_;
  auto bind = [&loaded](auto& fn, const char* symbol) { return platform::bind_function(loaded.handle, fn, symbol); };
  bind(api.energy, "nvmlDeviceGetTotalEnergyConsumption");  // optional: older drivers lack it
  if (!bind(api.init, "nvmlInit_v2") || !bind(api.shutdown, "nvmlShutdown") ||
      !bind(api.count, "nvmlDeviceGetCount_v2") || !bind(api.handle, "nvmlDeviceGetHandleByIndex_v2") ||
      !bind(api.utilization, "nvmlDeviceGetUtilizationRates") || !bind(api.memory, "nvmlDeviceGetMemoryInfo")) {
    status.detail = library.filename().string() + " lacks an NVML function winml reads (a driver older than 2015?)";
    api.shutdown = nullptr;
    return nullptr;
  }
  if (const NvmlReturn r = api.init(); r != kSuccess) {
    status.detail = fmt::format("nvmlInit failed (NVML error {}): no NVIDIA device or driver", r);
    api.shutdown = nullptr;
    return nullptr;
  }
  unsigned int count = 0;
  if (api.count(&count) != kSuccess || count == 0) {
    status.detail = "NVML sees no NVIDIA device";
    return nullptr;
  }
  source->energy_ = api.energy != nullptr;
  for (unsigned int i = 0; i < count; ++i) {
    NvmlDevice device = nullptr;
    if (api.handle(i, &device) != kSuccess) continue;
    unsigned long long mj = 0;
    if (source->energy_ && api.energy(device, &mj) != kSuccess) source->energy_ = false;
    source->devices_.push_back(device);
    source->start_mj_.push_back(mj);
  }
  if (source->devices_.empty()) {
    status.detail = "NVML gives no handle to any of its devices";
    return nullptr;
  }
  status.available = true;
  status.detail =
      fmt::format("{} GPU{}: utilisation, memory{}", source->devices_.size(), source->devices_.size() == 1 ? "" : "s",
                  source->energy_ ? ", energy" : " (no energy counter on every device)");
  return source;
}

void NvmlSource::read(Sample& sample) noexcept {
  std::uint64_t used = 0;
  bool any_memory = false;
  double joules = 0;
  bool energy = energy_;
  for (std::size_t i = 0; i < devices_.size(); ++i) {
    NvmlUtilization utilization{};
    if (api_->utilization(devices_[i], &utilization) == kSuccess) {
      sample.device_utilisation =
          std::max(sample.device_utilisation.value_or(0), std::min(100u, utilization.gpu) / 100.0);
    }
    NvmlMemory memory{};
    if (api_->memory(devices_[i], &memory) == kSuccess) {
      used += memory.used;
      any_memory = true;
    }
    unsigned long long mj = 0;
    if (energy && api_->energy(devices_[i], &mj) == kSuccess && mj >= start_mj_[i])
      joules += static_cast<double>(mj - start_mj_[i]) * 1e-3;
    else
      energy = false;
  }
  if (any_memory) sample.device_memory_bytes = sample.device_memory_bytes.value_or(0) + used;
  if (energy) sample.energy_j = sample.energy_j.value_or(0) + joules;
}

}  // namespace winml::resources
