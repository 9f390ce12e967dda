// Windows: GetProcessTimes, GetThreadTimes and GetSystemTimes (100 ns units). Per-core times would
// need NtQuerySystemInformation; the total is what other-load needs, so `cores` stays empty.
#include <windows.h>

#include "platform/cpu_times.h"

namespace winml::platform {
namespace {

double seconds_of(const FILETIME& time) {
  ULARGE_INTEGER value;
  value.LowPart = time.dwLowDateTime;
  value.HighPart = time.dwHighDateTime;
  return static_cast<double>(value.QuadPart) * 1e-7;
}

}  // namespace

double read_process_cpu_seconds() {
  FILETIME created, exited, kernel, user;
  if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user)) return 0;
  return seconds_of(kernel) + seconds_of(user);
}

double read_thread_cpu_seconds() {
  FILETIME created, exited, kernel, user;
  if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) return 0;
  return seconds_of(kernel) + seconds_of(user);
}

std::optional<MachineTimes> read_machine_times(const std::filesystem::path&) {
  FILETIME idle, kernel, user;
  if (!GetSystemTimes(&idle, &kernel, &user)) return std::nullopt;
  // The kernel time GetSystemTimes gives includes the idle time.
  MachineTimes machine;
  machine.total.idle_s = seconds_of(idle);
  machine.total.busy_s = seconds_of(kernel) + seconds_of(user) - machine.total.idle_s;
  return machine;
}

}  // namespace winml::platform
