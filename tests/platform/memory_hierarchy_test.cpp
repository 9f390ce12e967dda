#include "platform/memory_hierarchy.h"

#include <gtest/gtest.h>

#include <string>

#include "test_support/tool_output.h"

namespace winml::platform {
namespace {

TEST(MemoryHierarchy, ParsesCacheSizes) {
  EXPECT_EQ(parse_cache_size("32768K\n"), 32768u * 1024);
  EXPECT_EQ(parse_cache_size("1M"), 1u << 20);
  EXPECT_EQ(parse_cache_size("2G"), 2ull << 30);
  EXPECT_EQ(parse_cache_size("512"), 512u);
  EXPECT_EQ(parse_cache_size(""), 0u);
  EXPECT_EQ(parse_cache_size("K"), 0u);
  EXPECT_EQ(parse_cache_size("12Q"), 0u);
  EXPECT_EQ(parse_cache_size("12KB"), 0u);
  EXPECT_EQ(parse_cache_size("99999999999999999G"), 0u);  // overflows 64 bits
}

TEST(MemoryHierarchy, LastLevelCountsEachInstanceOnce) {
  // Two core complexes of two CPUs, each with its own L3; every CPU lists its caches.
  std::vector<CacheDescription> caches;
  for (const char* cpu : {"0", "1", "2", "3"}) {
    caches.push_back({1, "Data", 32 << 10, cpu});
    caches.push_back({1, "Instruction", 32 << 10, cpu});
    caches.push_back({2, "Unified", 1 << 20, cpu});
    caches.push_back({3, "Unified", 16 << 20, std::string(cpu) < "2" ? "0-1" : "2-3"});
  }
  EXPECT_EQ(total_last_level_cache(caches), 32u << 20);
}

TEST(MemoryHierarchy, LastLevelIgnoresInstructionCaches) {
  EXPECT_EQ(total_last_level_cache({{1, "Data", 48 << 10, "0"}, {2, "Instruction", 1 << 20, "0"}}), 48u << 10);
  EXPECT_EQ(total_last_level_cache({}), 0u);
}

TEST(MemoryHierarchy, ParsesMemAvailable) {
  EXPECT_EQ(parse_mem_available("MemTotal:       32000000 kB\nMemFree:  1 kB\nMemAvailable:   23868048 kB\n"),
            23868048ull * 1024);
  EXPECT_EQ(parse_mem_available("MemAvailable: 5 kB"), 5u * 1024);
  EXPECT_EQ(parse_mem_available("MemTotal: 5 kB\n"), 0u);
  EXPECT_EQ(parse_mem_available("MemAvailable: lots kB\n"), 0u);
  EXPECT_EQ(parse_mem_available("XMemAvailable: 5 kB\n"), 0u);
}

// The same last-level total as lscpu's ALL-SIZE column (every instance of a cache together).
TEST(MemoryHierarchy, MatchesWhatTheSystemToolsReport) {
  const MemoryHierarchy sizes = read_memory_hierarchy();
  EXPECT_GT(sizes.available_memory_bytes, 0u);
  const std::uint64_t pages = std::stoull(test::tool_output("getconf _PHYS_PAGES"));
  EXPECT_LE(sizes.available_memory_bytes, pages * std::stoull(test::tool_output("getconf PAGESIZE")));
  const char* kLscpu = "lscpu -B -C=LEVEL,TYPE,ALL-SIZE 2>/dev/null";
  if (test::run_command(kLscpu).exit_code != 0) GTEST_SKIP() << "lscpu cannot list caches (-C) here";
  const std::string expected = test::tool_output(std::string(kLscpu) +
                                                 " | awk 'NR > 1 && $2 != \"Instruction\" && $1 > level "
                                                 "{ level = $1; size = $3 } END { print size }'");
  if (expected.empty()) GTEST_SKIP() << "lscpu lists no caches on this machine";
  EXPECT_EQ(std::to_string(sizes.last_level_cache_bytes), expected);
}

}  // namespace
}  // namespace winml::platform
