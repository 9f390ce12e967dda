#pragma once
/// \file
/// The sizes a memory-bandwidth probe needs to size its arrays: how much last-level cache the
/// machine has (so the arrays can be made far larger than it) and how much memory is free to take
/// (so they never push the machine into swap).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace winml::platform {

/// One cache as one CPU sees it.
struct CacheDescription {
  unsigned level = 0;            ///< 1, 2, 3, ...
  std::string type;              ///< "Data", "Instruction" or "Unified"
  std::uint64_t size_bytes = 0;  ///< capacity of this one cache instance
  std::string shared_by;         ///< the CPUs sharing this instance; equal texts mean the same instance
};

/// Cache and memory sizes; 0 means "could not be determined".
struct MemoryHierarchy {
  std::uint64_t last_level_cache_bytes = 0;  ///< all instances of the last level together
  std::uint64_t available_memory_bytes = 0;  ///< memory that can be taken without swapping
};

/// A cache size as the kernel writes it ("32768K", "1M", "512"); 0 when malformed.
std::uint64_t parse_cache_size(std::string_view text);

/// The total capacity of the last level: the highest level among data and unified caches, each
/// instance (one per distinct shared_by) counted once. 0 when there are none. On a two-socket
/// machine, or a chip with one L3 per core complex, that is the sum over the instances, which is
/// what all cores streaming together can hold.
std::uint64_t total_last_level_cache(const std::vector<CacheDescription>& caches);

/// MemAvailable of a /proc/meminfo text in bytes; 0 when absent or malformed.
std::uint64_t parse_mem_available(std::string_view meminfo);

/// Reads this machine's sizes: the caches of every online CPU (/sys/devices/system/cpu on Linux)
/// and the available memory (/proc/meminfo). Never throws.
MemoryHierarchy read_memory_hierarchy();

}  // namespace winml::platform
