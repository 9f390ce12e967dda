// read_available_memory on Linux: the kernel's own estimate, MemAvailable in /proc/meminfo.
#include "platform/available_memory.h"
#include "platform/sysfs_text_linux.h"

namespace winml::platform {

std::uint64_t read_available_memory() { return parse_mem_available(linux_files::read_text("/proc/meminfo")); }

}  // namespace winml::platform
