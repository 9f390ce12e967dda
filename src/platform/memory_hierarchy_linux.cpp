// read_memory_hierarchy on Linux: the cache descriptions under /sys/devices/system/cpu, and
// MemAvailable from /proc/meminfo.
#include <string>

#include "platform/cpu_cores.h"
#include "platform/memory_hierarchy.h"
#include "platform/sysfs_text_linux.h"

namespace winml::platform {
namespace {

using linux_files::read_first_line;
using linux_files::read_text;

// Every cache of every online CPU: cpuN/cache/indexM/{level,type,size,shared_cpu_list}. CPUs that
// share an instance list it each; total_last_level_cache counts it once.
std::vector<CacheDescription> read_caches() {
  const std::string root = "/sys/devices/system/cpu/";
  std::vector<CacheDescription> caches;
  for (unsigned cpu : parse_cpu_list(read_text(root + "online"))) {
    for (unsigned index = 0;; ++index) {
      const std::string dir = root + "cpu" + std::to_string(cpu) + "/cache/index" + std::to_string(index) + "/";
      const std::string level = read_first_line(dir + "level");
      if (level.empty()) break;
      CacheDescription cache;
      cache.level = static_cast<unsigned>(std::stoul(level));
      cache.type = read_first_line(dir + "type");
      cache.size_bytes = parse_cache_size(read_first_line(dir + "size"));
      cache.shared_by = read_first_line(dir + "shared_cpu_list");
      if (cache.shared_by.empty()) cache.shared_by = "cpu" + std::to_string(cpu);  // private to this CPU
      caches.push_back(cache);
    }
  }
  return caches;
}

}  // namespace

MemoryHierarchy read_memory_hierarchy() {
  MemoryHierarchy sizes;
  try {
    sizes.last_level_cache_bytes = total_last_level_cache(read_caches());
    sizes.available_memory_bytes = parse_mem_available(read_text("/proc/meminfo"));
  } catch (const std::exception&) {
    // Sizes are hints for the probe's array size; an unreadable /sys leaves them unknown (0).
  }
  return sizes;
}

}  // namespace winml::platform
