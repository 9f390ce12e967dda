#pragma once
/// \file
/// Where energy meters are: the folder of Linux's powercap counters, and the meters Windows exposes
/// through its Energy Meter Interface (EMI, Windows 10 1809 and later), each answering a version, a
/// metadata blob and measurements. This layer only opens the devices and passes their replies on,
/// as bytes; resources/emi_source.h parses them, so that the parsing is tested on every system with
/// recorded replies.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace winml::platform {

/// One opened EMI device.
class EnergyMeterDevice {
 public:
  virtual ~EnergyMeterDevice() = default;
  /// EMI_VERSION: 1 (one channel) or 2 (named channels).
  virtual std::uint16_t version() const = 0;
  /// IOCTL_EMI_GET_METADATA's reply (EMI_METADATA_V1 or _V2).
  virtual const std::vector<std::byte>& metadata() const = 0;
  /// IOCTL_EMI_GET_MEASUREMENT's reply into `out` (EMI_MEASUREMENT_DATA_V1 or _V2); false when the
  /// device did not answer with all of it. Never allocates (the sampler's tick calls it).
  virtual bool measure(std::span<std::byte> out) noexcept = 0;
};

/// What looking for meters found.
struct EnergyMeters {
  std::vector<std::unique_ptr<EnergyMeterDevice>> devices;
  std::string why_none;  ///< when `devices` is empty: none present, not Windows, access denied ...
};

/// Every EMI device present, opened.
EnergyMeters open_energy_meters();

/// The folder of Linux's powercap energy counters (/sys/class/powercap, which
/// resources/rapl_source.h reads); empty on a system without powercap (Windows).
std::filesystem::path powercap_root();

}  // namespace winml::platform
