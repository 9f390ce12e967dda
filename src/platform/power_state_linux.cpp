// read_power_state on Linux: the kernel's power-supply class and ACPI platform profile in /sys.
#include "platform/power_state.h"

namespace winml::platform {

PowerState read_power_state() { return read_power_supply_tree("/sys"); }

}  // namespace winml::platform
