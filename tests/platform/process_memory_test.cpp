#include "platform/process_memory.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>

namespace winml::platform {
namespace {

TEST(ProcessMemory, ParsesStatus) {
  const ProcessMemory m = parse_proc_status("Name:\twinml\nVmHWM:\t   20480 kB\nVmRSS:\t   10240 kB\nVmRSSX: 1 kB\n");
  EXPECT_EQ(m.rss_bytes, 10240u * 1024);
  EXPECT_EQ(m.peak_rss_bytes, 20480u * 1024);
}

TEST(ProcessMemory, MissingOrMalformedLinesGiveZero) {
  EXPECT_EQ(parse_proc_status("").rss_bytes, 0u);
  EXPECT_EQ(parse_proc_status("VmRSS:\t12 MB\n").rss_bytes, 0u);
  EXPECT_EQ(parse_proc_status("VmRSS:\n").rss_bytes, 0u);
  EXPECT_EQ(parse_proc_status("VmRSS:\tx kB\n").rss_bytes, 0u);
}

TEST(ProcessMemory, SeesMemoryThisProcessTouches) {
  const ProcessMemory before = read_process_memory();
  ASSERT_GT(before.rss_bytes, 0u);
  constexpr std::size_t kSize = 64 << 20;
  auto block = std::make_unique<char[]>(kSize);
  std::memset(block.get(), 1, kSize);  // touch every page so it becomes resident
  const ProcessMemory after = read_process_memory();
  EXPECT_GE(after.rss_bytes, before.rss_bytes + kSize / 2);
  EXPECT_GE(after.peak_rss_bytes, after.rss_bytes);
  EXPECT_EQ(block[kSize - 1], 1);
}

}  // namespace
}  // namespace winml::platform
