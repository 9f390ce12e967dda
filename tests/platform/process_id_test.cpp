#include "platform/process_id.h"

#include <unistd.h>

#include <gtest/gtest.h>

namespace winml::platform {
namespace {

TEST(ProcessId, IsTheIdTheKernelGaveThisProcess) {
  EXPECT_NE(current_process_id(), 0U);
  EXPECT_EQ(current_process_id(), static_cast<std::uint64_t>(::getpid()));
}

}  // namespace
}  // namespace winml::platform
