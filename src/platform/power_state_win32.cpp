// read_power_state on Windows: GetSystemPowerStatus for the source and the battery, and the power
// mode overlay from powrprof.dll.
#include <windows.h>

#include <cstdio>

#include "platform/power_state.h"

namespace winml::platform {
namespace {

// DWORD WINAPI PowerGetEffectiveOverlayScheme(GUID*) (powersetting.h, Windows 10 1709 and later).
// mingw-w64 declares neither it nor an import for it, and older Windows lack it: looked up by name.
using EffectiveOverlayFunction = DWORD(WINAPI*)(GUID*);

std::string guid_text(const GUID& g) {
  char text[40];
  std::snprintf(text, sizeof text, "%08lx-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
                static_cast<unsigned long>(g.Data1), g.Data2, g.Data3, g.Data4[0], g.Data4[1], g.Data4[2], g.Data4[3],
                g.Data4[4], g.Data4[5], g.Data4[6], g.Data4[7]);
  return text;
}

std::string power_mode() {
  // From System32 only: a powrprof.dll beside the executable must not be loaded in its place.
  HMODULE powrprof = ::LoadLibraryExW(L"powrprof.dll", nullptr, LOAD_LIBRARY_SEARCH_SYSTEM32);
  if (powrprof == nullptr) return {};
  std::string mode;
  auto* effective = reinterpret_cast<EffectiveOverlayFunction>(
      reinterpret_cast<void*>(::GetProcAddress(powrprof, "PowerGetEffectiveOverlayScheme")));
  GUID overlay{};
  if (effective != nullptr && effective(&overlay) == ERROR_SUCCESS) mode = power_mode_name(guid_text(overlay));
  ::FreeLibrary(powrprof);
  return mode;
}

}  // namespace

PowerState read_power_state() {
  PowerState state;
  SYSTEM_POWER_STATUS status{};
  if (::GetSystemPowerStatus(&status) != 0) {
    state = power_state_from_status(status.ACLineStatus, status.BatteryFlag, status.BatteryLifePercent);
  }
  state.mode = power_mode();
  return state;
}

}  // namespace winml::platform
