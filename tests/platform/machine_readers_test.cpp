// The readers of cpu_cores.h and memory_hierarchy.h give plausible values on every system. The
// Linux tests compare them with lscpu exactly; this is what the Windows build checks under wine.
#include <gtest/gtest.h>

#include "platform/cpu_cores.h"
#include "platform/memory_hierarchy.h"

namespace winml::platform {
namespace {

TEST(MachineReaders, CoreCountsAreConsistent) {
  const CpuCores cores = read_cpu_cores();
  EXPECT_GE(cores.logical, 1u);
  EXPECT_GE(cores.physical, 1u);
  EXPECT_LE(cores.physical, cores.logical);
}

TEST(MachineReaders, SomeMemoryIsAvailable) {
  EXPECT_GT(read_memory_hierarchy().available_memory_bytes, std::uint64_t{16} << 20);
}

}  // namespace
}  // namespace winml::platform
