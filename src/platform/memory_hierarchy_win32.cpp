// read_memory_hierarchy on Windows: the cache records of GetLogicalProcessorInformationEx, and the
// available physical memory from GlobalMemoryStatusEx.
#include <windows.h>

#include <string>

#include "platform/memory_hierarchy.h"
#include "platform/processor_info_win32.h"

namespace winml::platform {
namespace {

const char* cache_type(PROCESSOR_CACHE_TYPE type) {
  switch (type) {
    case CacheUnified:
      return "Unified";
    case CacheInstruction:
      return "Instruction";
    case CacheData:
      return "Data";
    default:
      return "Trace";
  }
}

// Windows lists each cache instance once; the processor group and mask of the CPUs sharing it
// name the instance, as shared_cpu_list does on Linux.
std::vector<CacheDescription> read_caches() {
  std::vector<CacheDescription> caches;
  win32::for_each_processor_record(RelationCache, [&](const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX& record) {
    const CACHE_RELATIONSHIP& cache = record.Cache;
    CacheDescription description;
    description.level = cache.Level;
    description.type = cache_type(cache.Type);
    description.size_bytes = cache.CacheSize;
    description.shared_by = std::to_string(cache.GroupMask.Group) + ":" +
                            std::to_string(static_cast<unsigned long long>(cache.GroupMask.Mask));
    caches.push_back(description);
  });
  return caches;
}

}  // namespace

MemoryHierarchy read_memory_hierarchy() {
  MemoryHierarchy sizes;
  try {
    sizes.last_level_cache_bytes = total_last_level_cache(read_caches());
  } catch (const std::exception&) {
    // Sizes are hints for the probe's array size; an allocation failure leaves them unknown (0).
  }
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (::GlobalMemoryStatusEx(&status) != 0) sizes.available_memory_bytes = status.ullAvailPhys;
  return sizes;
}

}  // namespace winml::platform
