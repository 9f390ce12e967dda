#include "platform/energy_meters.h"

namespace winml::platform {

// Linux's meters are powercap's (resources/rapl_source.h).
EnergyMeters open_energy_meters() { return {{}, "a Windows interface: not on this system"}; }

std::filesystem::path powercap_root() { return "/sys/class/powercap"; }

}  // namespace winml::platform
