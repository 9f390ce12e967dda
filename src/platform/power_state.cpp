#include "platform/power_state.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <system_error>
#include <vector>

namespace winml::platform {

std::string_view power_source_name(PowerSource source) {
  switch (source) {
    case PowerSource::ac:
      return "ac";
    case PowerSource::battery:
      return "battery";
    case PowerSource::unknown:
      break;
  }
  return "unknown";
}

namespace {

// The first line of a small sysfs attribute, without its line end or trailing blanks; empty when
// it cannot be read.
std::string attribute(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) return {};
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())) != 0) line.pop_back();
  return line;
}

// One entry of class/power_supply, as far as the rules need it.
struct Supply {
  std::string type;    // "Mains", "USB", "USB_C", ..., "Battery"
  std::string online;  // "1" when an external supply delivers power
  std::string status;  // a battery's "Charging", "Discharging", "Full", "Not charging", "Unknown"
  std::string scope;   // "Device" for a peripheral's battery; empty or "System" for the machine's
  std::string capacity;
};

bool external(const Supply& s) { return s.type == "Mains" || s.type.rfind("USB", 0) == 0; }

bool system_battery(const Supply& s) { return s.type == "Battery" && s.scope != "Device"; }

std::optional<double> percent(const std::string& text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0 || value > 100) return std::nullopt;
  return value;
}

PowerSource source_of(const std::vector<Supply>& supplies) {
  const auto any = [&](auto&& predicate) { return std::any_of(supplies.begin(), supplies.end(), predicate); };
  if (any([](const Supply& s) { return external(s) && s.online == "1"; })) return PowerSource::ac;
  if (any([](const Supply& s) { return system_battery(s) && s.status == "Discharging"; })) {
    return PowerSource::battery;
  }
  if (any([](const Supply& s) {
        return system_battery(s) && (s.status == "Charging" || s.status == "Full" || s.status == "Not charging");
      })) {
    return PowerSource::ac;
  }
  const bool battery = any(system_battery);
  if (battery && any([](const Supply& s) { return s.type == "Mains"; })) return PowerSource::battery;
  return battery ? PowerSource::unknown : PowerSource::ac;
}

}  // namespace

PowerState read_power_supply_tree(const std::filesystem::path& sys) {
  PowerState state;
  std::error_code error;
  std::filesystem::directory_iterator entries(sys / "class" / "power_supply", error);
  if (error) return state;  // no tree: the system does not say (a container without /sys)
  std::vector<Supply> supplies;
  for (; entries != std::filesystem::directory_iterator(); entries.increment(error)) {
    if (error) return state;
    const std::filesystem::path& dir = entries->path();
    supplies.push_back({attribute(dir / "type"), attribute(dir / "online"), attribute(dir / "status"),
                        attribute(dir / "scope"), attribute(dir / "capacity")});
  }
  state.source = source_of(supplies);
  double sum = 0;
  int batteries = 0;
  for (const Supply& s : supplies) {
    if (!system_battery(s)) continue;
    if (const auto level = percent(s.capacity)) {
      sum += *level;
      ++batteries;
    }
  }
  if (batteries > 0) state.battery_percent = sum / batteries;
  state.mode = attribute(sys / "firmware" / "acpi" / "platform_profile");
  return state;
}

PowerState power_state_from_status(unsigned ac_line_status, unsigned battery_flag, unsigned battery_life_percent) {
  constexpr unsigned kNoSystemBattery = 128;  // BatteryFlag bit
  constexpr unsigned kUnknownPercent = 255;
  PowerState state;
  if (ac_line_status == 1) state.source = PowerSource::ac;
  if (ac_line_status == 0) state.source = PowerSource::battery;
  if ((battery_flag & kNoSystemBattery) == 0 && battery_life_percent != kUnknownPercent &&
      battery_life_percent <= 100) {
    state.battery_percent = battery_life_percent;
  }
  return state;
}

std::string power_mode_name(std::string_view guid) {
  std::string key;
  for (const char c : guid) {
    if (c != '{' && c != '}') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  // The overlays of Windows' power mode slider (Settings > System > Power): GUID_POWER_MODE_* of
  // the Windows SDK, and Windows 10's "better performance" position between balanced and best.
  struct Known {
    std::string_view guid;
    std::string_view name;
  };
  constexpr Known kKnown[] = {
      {"961cc777-2547-4f9d-8174-7d86181b8a7a", "best power efficiency"},
      {"00000000-0000-0000-0000-000000000000", "balanced"},
      {"3af9b8d9-7c97-431d-ad78-34a8bfea439f", "better performance"},
      {"ded574b5-45a0-4f42-8737-46345c09c238", "best performance"},
  };
  for (const Known& known : kKnown) {
    if (key == known.guid) return std::string(known.name);
  }
  return key;
}

}  // namespace winml::platform
