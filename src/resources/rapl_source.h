#pragma once
/// \file
/// Energy from Linux powercap (the intel_rapl driver, which AMD processors use too): the
/// cumulative energy_uj counters of every package zone and every DRAM subzone under
/// /sys/class/powercap. The core and uncore subzones are inside their package and the platform
/// (psys) zone holds everything, so neither is added again. Each counter wraps at its
/// max_energy_range_uj; a reading below the last one has wrapped once, and the range is added
/// back. Since Linux 5.10 energy_uj is readable by root only: the status says so and how to allow
/// it. Definitions: docs/metrics.md, "Resources".

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "platform/counter_file.h"
#include "resources/sample.h"

namespace winml::resources {

/// The powercap energy meter, as a CounterSource: energy_j of a Sample is the joules of its zones
/// since it was opened.
class RaplSource final : public CounterSource {
 public:
  /// The zones under `powercap_root` (tests pass a fake tree; callers "/sys/class/powercap"), or
  /// nullptr when none can be read; `status` says which zones it reads, or why none.
  static std::unique_ptr<RaplSource> open(const std::filesystem::path& powercap_root, SourceStatus& status);

  const std::string& name() const override { return name_; }
  void read(Sample& sample) noexcept override;

 private:
  struct Zone {
    platform::CounterFile energy;
    double range_j = 0;  // where the counter wraps; 0 unknown (a lower reading then adds nothing)
    double last_j = 0;
    double total_j = 0;
  };
  RaplSource() = default;
  std::string name_ = "rapl";
  std::vector<Zone> zones_;
  char buffer_[64] = {};
};

/// The microjoules of an energy_uj (or max_energy_range_uj) text, in joules; negative when malformed.
double parse_microjoules(std::string_view text);

}  // namespace winml::resources
