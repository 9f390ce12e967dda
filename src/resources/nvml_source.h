#pragma once
/// \file
/// NVIDIA GPU utilisation, memory in use and energy through NVML, loaded at run time (never
/// linked: a machine without the NVIDIA driver simply has no such source). Every device is read:
/// the busiest one's utilisation, the memory in use summed, and the total energy counter
/// (nvmlDeviceGetTotalEnergyConsumption, Volta and later) summed when every device has one.
/// Definitions: docs/metrics.md, "Resources".

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "resources/sample.h"

namespace winml::resources {

/// The NVML library's file name the loader searches for: libnvidia-ml.so.1, nvml.dll.
std::filesystem::path default_nvml_library();

/// NVML as a CounterSource.
class NvmlSource final : public CounterSource {
 public:
  /// Loads `library` (tests pass the fake one built in the test tree) and opens every device, or
  /// nullptr; `status` says what it reads, or why not.
  static std::unique_ptr<NvmlSource> open(const std::filesystem::path& library, SourceStatus& status);
  ~NvmlSource() override;
  NvmlSource(const NvmlSource&) = delete;
  NvmlSource& operator=(const NvmlSource&) = delete;

  const std::string& name() const override { return name_; }
  void read(Sample& sample) noexcept override;

 private:
  struct Api;
  NvmlSource();
  std::string name_ = "nvml";
  std::unique_ptr<Api> api_;
  std::vector<void*> devices_;                // nvmlDevice_t handles
  std::vector<unsigned long long> start_mj_;  // each device's energy counter when opened
  bool energy_ = false;                       // every device has an energy counter
};

}  // namespace winml::resources
