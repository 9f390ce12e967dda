// read_cpu_clock on Linux: cpufreq's current frequency of each online CPU.
#include <string>

#include "platform/cpu_clock.h"
#include "platform/cpu_cores.h"
#include "platform/sysfs_text_linux.h"

namespace winml::platform {

CpuClockReading read_cpu_clock() {
  using linux_files::read_text;
  const std::string root = "/sys/devices/system/cpu/";
  std::vector<double> core_mhz;
  for (unsigned cpu : parse_cpu_list(read_text(root + "online"))) {
    // scaling_cur_freq is what the governor last saw (on x86 derived from APERF/MPERF), the figure
    // cpupower and turbostat show; cpuinfo_cur_freq needs root, so it is not tried.
    if (auto mhz =
            parse_scaling_cur_freq(read_text(root + "cpu" + std::to_string(cpu) + "/cpufreq/scaling_cur_freq"))) {
      core_mhz.push_back(*mhz);
    }
  }
  return summarize_core_clocks(core_mhz);
}

}  // namespace winml::platform
