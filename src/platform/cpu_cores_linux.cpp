// read_cpu_cores on Linux: sysfs topology first, /proc/cpuinfo when sysfs has none.
#include <set>
#include <string>
#include <thread>

#include "platform/cpu_cores.h"
#include "platform/sysfs_text_linux.h"

namespace winml::platform {
namespace {

using linux_files::read_text;

// One entry per physical core: the set of logical CPUs sharing it. core_cpus_list is the current
// name (Linux 5.7+), thread_siblings_list the older one.
unsigned count_sysfs_cores() {
  const std::string root = "/sys/devices/system/cpu/";
  std::set<std::string> cores;
  for (unsigned cpu : parse_cpu_list(read_text(root + "online"))) {
    const std::string topology = root + "cpu" + std::to_string(cpu) + "/topology/";
    std::string siblings = read_text(topology + "core_cpus_list");
    if (siblings.empty()) siblings = read_text(topology + "thread_siblings_list");
    if (siblings.empty()) return 0;  // partial topology: do not guess from the rest
    cores.insert(siblings);
  }
  return static_cast<unsigned>(cores.size());
}

}  // namespace

CpuCores read_cpu_cores() {
  CpuCores cores;
  cores.logical = std::thread::hardware_concurrency();
  cores.physical = count_sysfs_cores();
  if (cores.physical == 0) cores.physical = count_cpuinfo_cores(read_text("/proc/cpuinfo"));
  return cores;
}

}  // namespace winml::platform
