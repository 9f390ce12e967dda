// read_process_memory on Linux: the VmRSS and VmHWM lines of /proc/self/status.
#include "platform/process_memory.h"
#include "platform/sysfs_text_linux.h"

namespace winml::platform {

ProcessMemory read_process_memory() { return parse_proc_status(linux_files::read_text("/proc/self/status")); }

}  // namespace winml::platform
