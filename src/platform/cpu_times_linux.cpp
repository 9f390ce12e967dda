// Linux: the CPU clocks of clock_gettime and the machine's /proc/stat.
#include <time.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "platform/cpu_times.h"

namespace winml::platform {
namespace {

double read_clock(clockid_t clock) {
  timespec now{};
  if (clock_gettime(clock, &now) != 0) return 0;
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

}  // namespace

double read_process_cpu_seconds() { return read_clock(CLOCK_PROCESS_CPUTIME_ID); }

double read_thread_cpu_seconds() { return read_clock(CLOCK_THREAD_CPUTIME_ID); }

std::optional<MachineTimes> read_machine_times(const std::filesystem::path& proc_root) {
  std::ifstream file(proc_root / "stat");
  if (!file) return std::nullopt;
  std::ostringstream text;
  text << file.rdbuf();
  const long ticks = sysconf(_SC_CLK_TCK);
  return parse_proc_stat(text.str(), ticks > 0 ? static_cast<double>(ticks) : 100.0);
}

}  // namespace winml::platform
