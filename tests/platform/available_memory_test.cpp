#include "platform/available_memory.h"

#include <gtest/gtest.h>

#include "platform/system_facts.h"

namespace winml::platform {
namespace {

TEST(AvailableMemory, ParsesMeminfo) {
  EXPECT_EQ(parse_mem_available("MemTotal:       16318540 kB\nMemFree:  1 kB\nMemAvailable:   12000000 kB\n"),
            12000000ull * 1024);
  EXPECT_EQ(parse_mem_available("MemAvailable: 7 kB"), 7ull * 1024) << "the last line needs no line end";
}

TEST(AvailableMemory, AnythingElseIsUnknown) {
  EXPECT_EQ(parse_mem_available(""), 0u);
  EXPECT_EQ(parse_mem_available("MemTotal: 16318540 kB\nMemFree: 1 kB\n"), 0u) << "kernels before 3.14 lack it";
  EXPECT_EQ(parse_mem_available("MemAvailable: lots kB\n"), 0u);
  EXPECT_EQ(parse_mem_available("MemAvailable: 12 MB\n"), 0u);
  EXPECT_EQ(parse_mem_available("MemAvailable: -5 kB\n"), 0u);
  EXPECT_EQ(parse_mem_available("MemAvailable: 99999999999999999999 kB\n"), 0u) << "an overflow is not a value";
  EXPECT_EQ(parse_mem_available("XMemAvailable: 5 kB\n"), 0u);
}

// Under wine this exercises GlobalMemoryStatusEx.
TEST(AvailableMemory, ThisMachineHasSomeAndNoMoreThanItHas) {
  const std::uint64_t available = read_available_memory();
  EXPECT_GT(available, 0u);
  const std::uint64_t total = read_system_facts().memory_total_bytes;
  if (total > 0) {
    EXPECT_LE(available, total);
  }
}

}  // namespace
}  // namespace winml::platform
