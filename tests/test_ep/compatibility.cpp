#include "compatibility.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "names.h"

namespace winml_test_ep {
namespace {

constexpr const char* kDevicesKey = " devices=";

// ORT's OrtDeviceEpIncompatibility_DEVICE_INCOMPATIBLE; the pure part needs no ORT header.
constexpr std::uint32_t kDeviceIncompatible = 1U << 1;

std::string prefix() { return std::string(kEpName) + " " + kVersion + kDevicesKey; }

}  // namespace

std::string compatibility_info(const std::vector<DeviceKind>& devices) {
  std::string info = prefix();
  for (std::size_t i = 0; i < devices.size(); ++i) info += (i == 0 ? "" : ",") + std::string(to_string(devices[i]));
  return info;
}

std::optional<Verdict> parse_verdict(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (text == "optimal") return Verdict::optimal;
  if (text == "prefer_recompile") return Verdict::prefer_recompile;
  if (text == "unsupported") return Verdict::unsupported;
  throw std::invalid_argument("WINML_TEST_EP_COMPATIBILITY: unknown value '" + text +
                              "' (expected optimal, prefer_recompile or unsupported)");
}

std::optional<Verdict> forced_verdict() {
  const char* value = std::getenv("WINML_TEST_EP_COMPATIBILITY");
  return parse_verdict(value == nullptr ? "" : value);
}

Verdict judge(const std::string& info, DeviceKind device) {
  const std::string expected = prefix();
  if (info.rfind(expected, 0) != 0) return Verdict::unsupported;
  // parse_devices accepts exactly the list compatibility_info writes; anything else is not ours.
  try {
    const std::vector<DeviceKind> compiled = parse_devices(info.substr(expected.size()));
    return std::find(compiled.begin(), compiled.end(), device) != compiled.end() ? Verdict::optimal
                                                                                 : Verdict::unsupported;
  } catch (const std::invalid_argument&) {
    return Verdict::unsupported;
  }
}

std::optional<Incompatibility> incompatibility(DeviceKind kind, bool own, const std::vector<DeviceKind>& offered) {
  const bool listed = std::find(offered.begin(), offered.end(), kind) != offered.end();
  if (kind != DeviceKind::cpu && !own) {
    return Incompatibility{
        kDeviceIncompatible, kNotItsOwnDevice,
        std::string(kEpName) + " computes only on its own virtual " + to_string(kind) + ", not on this one"};
  }
  if (listed) return std::nullopt;
  return Incompatibility{kDeviceIncompatible, kLeftOutByEnvironment,
                         std::string("WINML_TEST_EP_DEVICES leaves the ") + to_string(kind) + " out"};
}

}  // namespace winml_test_ep
