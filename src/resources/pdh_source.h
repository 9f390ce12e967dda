#pragma once
/// \file
/// Windows GPU and NPU use through the performance-counter library (pdh.dll), loaded at run time
/// as NVML is: the "GPU Engine" utilisation of every engine (summed over the processes using it),
/// reported as the busiest engine and per engine type, and the "GPU Adapter Memory" dedicated and
/// shared usage summed over the adapters. Machine-wide, as NVML's figures are. Definitions:
/// docs/metrics.md, "Resources".

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "resources/sample.h"

namespace winml::resources {

/// PDH as a CounterSource.
class PdhSource final : public CounterSource {
 public:
  /// Loads `library` (pdh.dll; tests pass the fake one built in the test tree), opens a query on
  /// the GPU counters and takes its first reading (a utilisation is a rate between two), or
  /// nullptr; `status` says what it reads, or why not.
  static std::unique_ptr<PdhSource> open(const std::string& library, SourceStatus& status);
  ~PdhSource() override;
  PdhSource(const PdhSource&) = delete;
  PdhSource& operator=(const PdhSource&) = delete;

  const std::string& name() const override { return name_; }
  void read(Sample& sample) noexcept override;
  std::size_t engine_slots() const override { return kMaxEngineTypes; }
  std::vector<std::string> engine_types() const override;

 private:
  struct Api;
  // An engine's utilisation summed over the processes using it, within one reading.
  struct EngineSum {
    std::string_view engine;  // into buffer_, valid for one reading
    std::size_t type_slot = 0;
    double sum = 0;
  };
  using TypeName = std::array<char, 32>;

  PdhSource();
  // The counter's items in buffer_, or false (no data yet, or more items than the buffer holds).
  bool fetch(void* counter, std::uint32_t& count) noexcept;
  // The slot of engine type `type`, named on first sight; kMaxEngineTypes when there is no room.
  std::size_t type_slot(std::string_view type) noexcept;
  void read_engines(Sample& sample) noexcept;
  bool sum_memory(void* counter, std::uint64_t& bytes) noexcept;

  std::string name_ = "pdh";
  std::unique_ptr<Api> api_;
  void* query_ = nullptr;
  void* engines_ = nullptr;            // \GPU Engine(*)\Utilization Percentage
  void* dedicated_ = nullptr;          // \GPU Adapter Memory(*)\Dedicated Usage
  void* shared_ = nullptr;             // \GPU Adapter Memory(*)\Shared Usage
  std::vector<std::uint64_t> buffer_;  // PDH's item array and its names; 8-byte words for alignment
  std::vector<EngineSum> sums_;        // capacity reserved at open: a reading never allocates
  std::array<TypeName, kMaxEngineTypes> types_{};
  std::size_t type_count_ = 0;
};

}  // namespace winml::resources
