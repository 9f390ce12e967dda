// The power state from fake sysfs trees (the Linux rules, run on every system), from
// GetSystemPowerStatus's fields, and the names of Windows' power mode overlays.
#include "platform/power_state.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

// Writes the supply `name` of a fake /sys with `attributes` (file name -> first line).
void write_supply(const std::filesystem::path& sys, const std::string& name,
                  const std::map<std::string, std::string>& attributes) {
  const std::filesystem::path dir = sys / "class" / "power_supply" / name;
  std::filesystem::create_directories(dir);
  for (const auto& [file, text] : attributes) std::ofstream(dir / file) << text << "\n";
}

TEST(PowerSupplyTree, MainsOnlineIsAcWithTheBatteryLevel) {
  test::TempDir sys;
  write_supply(sys.path(), "AC", {{"type", "Mains"}, {"online", "1"}});
  write_supply(sys.path(), "BAT0", {{"type", "Battery"}, {"status", "Charging"}, {"capacity", "87"}});
  const PowerState state = read_power_supply_tree(sys.path());
  EXPECT_EQ(state.source, PowerSource::ac);
  EXPECT_EQ(state.battery_percent, 87.0);
  EXPECT_EQ(state.mode, "");
}

TEST(PowerSupplyTree, DischargingIsBatteryAt43Percent) {
  test::TempDir sys;
  write_supply(sys.path(), "AC", {{"type", "Mains"}, {"online", "0"}});
  write_supply(sys.path(), "BAT0", {{"type", "Battery"}, {"status", "Discharging"}, {"capacity", "43"}});
  // A wireless mouse's battery is no system battery: neither its level nor its status counts.
  write_supply(sys.path(), "hidpp_battery_0",
               {{"type", "Battery"}, {"scope", "Device"}, {"status", "Full"}, {"capacity", "100"}});
  std::filesystem::create_directories(sys.path() / "firmware" / "acpi");
  std::ofstream(sys.path() / "firmware" / "acpi" / "platform_profile") << "low-power\n";
  const PowerState state = read_power_supply_tree(sys.path());
  EXPECT_EQ(state.source, PowerSource::battery);
  EXPECT_EQ(state.battery_percent, 43.0);
  EXPECT_EQ(state.mode, "low-power");
}

TEST(PowerSupplyTree, MainsOfflineBesideABatteryOfUnknownStatusIsBattery) {
  test::TempDir sys;
  write_supply(sys.path(), "ADP1", {{"type", "Mains"}, {"online", "0"}});
  write_supply(sys.path(), "BAT1", {{"type", "Battery"}, {"status", "Unknown"}, {"capacity", "50"}});
  write_supply(sys.path(), "BAT2", {{"type", "Battery"}, {"status", "Unknown"}, {"capacity", "70"}});
  const PowerState state = read_power_supply_tree(sys.path());
  EXPECT_EQ(state.source, PowerSource::battery);
  EXPECT_EQ(state.battery_percent, 60.0);  // two batteries: their mean
}

TEST(PowerSupplyTree, UsbPowerDeliveryCountsAsExternal) {
  test::TempDir sys;
  write_supply(sys.path(), "ucsi-source-psy-USBC000:001", {{"type", "USB"}, {"online", "1"}});
  write_supply(sys.path(), "BAT0", {{"type", "Battery"}, {"status", "Unknown"}, {"capacity", "x"}});
  const PowerState state = read_power_supply_tree(sys.path());
  EXPECT_EQ(state.source, PowerSource::ac);
  EXPECT_FALSE(state.battery_percent);  // a capacity that is no percentage is left out
}

// A desktop, a server or a VM lists no supply at all (or only a UPS's mains): it runs on mains.
TEST(PowerSupplyTree, NoSystemBatteryIsAc) {
  test::TempDir sys;
  std::filesystem::create_directories(sys.path() / "class" / "power_supply");
  EXPECT_EQ(read_power_supply_tree(sys.path()).source, PowerSource::ac);
  EXPECT_FALSE(read_power_supply_tree(sys.path()).battery_percent);
}

TEST(PowerSupplyTree, NoTreeIsUnknown) {
  test::TempDir sys;  // no class/power_supply: a container without /sys says nothing
  const PowerState state = read_power_supply_tree(sys.path());
  EXPECT_EQ(state.source, PowerSource::unknown);
  EXPECT_EQ(power_source_name(state.source), "unknown");
}

TEST(PowerSupplyTree, ABatteryThatSaysNothingIsUnknown) {
  test::TempDir sys;
  write_supply(sys.path(), "BAT0", {{"type", "Battery"}, {"status", "Unknown"}, {"capacity", "20"}});
  const PowerState state = read_power_supply_tree(sys.path());
  EXPECT_EQ(state.source, PowerSource::unknown);
  EXPECT_EQ(state.battery_percent, 20.0);
}

TEST(PowerSourceName, NamesEverySource) {
  EXPECT_EQ(power_source_name(PowerSource::ac), "ac");
  EXPECT_EQ(power_source_name(PowerSource::battery), "battery");
  EXPECT_EQ(power_source_name(PowerSource::unknown), "unknown");
}

TEST(PowerStateFromStatus, ReadsSystemPowerStatus) {
  const PowerState on_battery = power_state_from_status(0, 0, 43);
  EXPECT_EQ(on_battery.source, PowerSource::battery);
  EXPECT_EQ(on_battery.battery_percent, 43.0);
  const PowerState plugged = power_state_from_status(1, 8, 100);  // 8: charging
  EXPECT_EQ(plugged.source, PowerSource::ac);
  EXPECT_EQ(plugged.battery_percent, 100.0);
  const PowerState desktop = power_state_from_status(1, 128, 255);  // 128: no system battery
  EXPECT_EQ(desktop.source, PowerSource::ac);
  EXPECT_FALSE(desktop.battery_percent);
  const PowerState unknown = power_state_from_status(255, 255, 255);
  EXPECT_EQ(unknown.source, PowerSource::unknown);
  EXPECT_FALSE(unknown.battery_percent);
}

TEST(PowerModeName, NamesTheWindowsOverlays) {
  EXPECT_EQ(power_mode_name("961cc777-2547-4f9d-8174-7d86181b8a7a"), "best power efficiency");
  EXPECT_EQ(power_mode_name("00000000-0000-0000-0000-000000000000"), "balanced");
  EXPECT_EQ(power_mode_name("3af9b8d9-7c97-431d-ad78-34a8bfea439f"), "better performance");
  EXPECT_EQ(power_mode_name("{DED574B5-45A0-4F42-8737-46345C09C238}"), "best performance");
  // An OEM's overlay: its GUID, as one spelling.
  EXPECT_EQ(power_mode_name("{12345678-ABCD-4F42-8737-46345C09C238}"), "12345678-abcd-4f42-8737-46345c09c238");
}

TEST(PowerState, ThisMachineReadsWithoutThrowing) {
  const PowerState state = read_power_state();
  if (state.battery_percent) {
    EXPECT_GE(*state.battery_percent, 0);
    EXPECT_LE(*state.battery_percent, 100);
  }
}

}  // namespace
}  // namespace winml::platform
