#pragma once
/// \file
/// Energy from the Windows Energy Meter Interface (platform/energy_meters.h): every channel of
/// every meter, in picowatt-hours since the meter started, differenced from when it was opened.
/// Channels overlap on some meters: where they are RAPL's (names ending "_PKG", "_PP0", "_DRAM",
/// "_PSYS", as Intel's EMI driver names them), only the package and DRAM channels are added, as
/// the powercap source does; otherwise every channel is. Definitions: docs/metrics.md, "Resources".

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "platform/energy_meters.h"
#include "resources/sample.h"

namespace winml::resources {

/// The channel names of a meter's metadata (EMI_METADATA_V1: one, the metered hardware's name;
/// _V2: each channel's), non-ASCII characters as '?'; nullopt when the blob is cut short, names
/// a unit other than picowatt-hours, or `version` is neither 1 nor 2.
std::optional<std::vector<std::string>> emi_channel_names(std::uint16_t version, std::span<const std::byte> metadata);

/// Which of `names` are added up (the RAPL rule above).
std::vector<bool> emi_counted_channels(const std::vector<std::string>& names);

/// EMI as a CounterSource.
class EmiSource final : public CounterSource {
 public:
  /// Takes the meters found (tests pass recorded ones) and reads each once, or nullptr; `status`
  /// says which channels it adds, or why not.
  static std::unique_ptr<EmiSource> open(platform::EnergyMeters meters, SourceStatus& status);

  const std::string& name() const override { return name_; }
  void read(Sample& sample) noexcept override;

 private:
  struct Meter {
    std::unique_ptr<platform::EnergyMeterDevice> device;
    std::vector<bool> counted;
    std::vector<std::uint64_t> start_pwh;  // each channel's counter when opened
    std::vector<std::byte> reply;          // the measurement's bytes, sized at open
  };
  EmiSource() = default;
  // Each channel's counter into `pwh`, or false.
  static bool measure(Meter& meter, std::vector<std::uint64_t>& pwh) noexcept;

  std::string name_ = "emi";
  std::vector<Meter> meters_;
  std::vector<std::uint64_t> scratch_;  // sized at open: a reading never allocates
};

}  // namespace winml::resources
