#pragma once
/// \file
/// Where the machine draws its power from and the power mode it is set to: a laptop on battery, or
/// in a power-saving mode, runs the same benchmark slower, so every report records both
/// (docs/metrics.md, "Power state").

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace winml::platform {

/// What powers the machine.
enum class PowerSource {
  unknown,  ///< the system does not say (no readable power-supply tree, ACLineStatus 255)
  ac,       ///< mains (or USB power); a machine without a battery counts here
  battery,  ///< the system battery, no external power
};

/// "ac", "battery" or "unknown": the name reports use.
std::string_view power_source_name(PowerSource source);

/// The power state at one instant. Empty members mean "the system does not say".
struct PowerState {
  PowerSource source = PowerSource::unknown;
  std::optional<double> battery_percent;  ///< the system battery's charge, 0 to 100; empty without one
  /// The power mode in effect: on Windows the power mode overlay (power_mode_name), on Linux the
  /// ACPI platform profile ("low-power", "balanced", "performance"); empty where there is none.
  std::string mode;
};

/// The power state of a sysfs tree rooted at `sys` (the real one is "/sys"): the supplies of
/// `sys`/class/power_supply and the profile in `sys`/firmware/acpi/platform_profile. Rules, in
/// order: a Mains or USB supply online means AC; else a system battery (scope not "Device", which
/// is a mouse's or a headset's) "Discharging" means battery; a battery "Charging", "Full" or "Not
/// charging" means AC (something external powers it); a Mains supply offline beside a system
/// battery whose status says neither (some report "Unknown") means battery; a supply tree with no system battery at all
/// (a desktop, a server, a VM) means AC, since such a machine can only run on mains; a tree that
/// cannot be read means unknown. battery_percent is the mean `capacity` of the system batteries.
/// Portable so that tests feed it a fake tree on every system; never throws.
PowerState read_power_supply_tree(const std::filesystem::path& sys);

/// GetSystemPowerStatus's fields as a PowerState (mode left empty): ACLineStatus 1 is AC, 0 is
/// battery, anything else unknown; BatteryLifePercent is the level unless it is 255 (unknown) or
/// BatteryFlag has bit 128 (no system battery).
PowerState power_state_from_status(unsigned ac_line_status, unsigned battery_flag, unsigned battery_life_percent);

/// The name of a Windows power mode overlay scheme, given as its GUID's text in any case with or
/// without braces: "best power efficiency", "balanced", "better performance" (Windows 10's
/// slider) or "best performance" for the overlays Windows defines; else the GUID itself, lower
/// case without braces (an OEM's mode).
std::string power_mode_name(std::string_view guid);

/// This machine's power state now. Linux: read_power_supply_tree("/sys"). Windows:
/// GetSystemPowerStatus and PowerGetEffectiveOverlayScheme (powrprof.dll, looked up at run time:
/// it exists from Windows 10 1709 on; mode empty before). Never throws.
PowerState read_power_state();

}  // namespace winml::platform
