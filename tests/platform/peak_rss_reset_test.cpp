#include "platform/peak_rss_reset.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>

#include "platform/process_memory.h"

namespace winml::platform {
namespace {

// A touched 256 MiB block raises the peak; once it is freed (a block this large is returned to the
// system at once) the reset brings the peak back down near the current resident set.
TEST(PeakRssReset, ForgetsAFreedAllocation) {
  constexpr std::size_t kBlock = std::size_t{256} << 20;
  {
    auto block = std::make_unique<char[]>(kBlock);
    std::memset(block.get(), 1, kBlock);
    ASSERT_EQ(block[kBlock - 1], 1);
  }
  const platform::ProcessMemory before = platform::read_process_memory();
  ASSERT_GT(before.peak_rss_bytes, 0u) << "no /proc/self/status";
  // The kernel updates the counters in batches, so allow for some slack on either side.
  ASSERT_GE(before.peak_rss_bytes, before.rss_bytes + kBlock * 3 / 4);
  ASSERT_TRUE(reset_peak_rss()) << "/proc/self/clear_refs is not writable here";
  const platform::ProcessMemory after = platform::read_process_memory();
  EXPECT_LT(after.peak_rss_bytes, before.peak_rss_bytes - kBlock / 2);
  EXPECT_GE(after.peak_rss_bytes, after.rss_bytes);
}

}  // namespace
}  // namespace winml::platform
