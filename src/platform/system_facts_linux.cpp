// read_system_facts on Linux: /proc, os-release and uname.
#include <sys/utsname.h>

#include "platform/sysfs_text_linux.h"
#include "platform/system_facts.h"

namespace winml::platform {

SystemFacts read_system_facts() {
  using linux_files::read_text;
  SystemFacts facts;
  facts.cpu_model = parse_cpu_model(read_text("/proc/cpuinfo"));
  facts.memory_total_bytes = parse_mem_total(read_text("/proc/meminfo"));
  std::string os_release = read_text("/etc/os-release");
  if (os_release.empty()) os_release = read_text("/usr/lib/os-release");  // the os-release(5) fallback
  facts.os = parse_os_pretty_name(os_release);
  struct utsname names {};
  if (::uname(&names) == 0) {
    facts.kernel = std::string(names.sysname) + " " + names.release;
    facts.arch = names.machine;
    facts.host_name = names.nodename;
  }
  return facts;
}

}  // namespace winml::platform
