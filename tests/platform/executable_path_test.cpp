#include "platform/executable_path.h"

#include <gtest/gtest.h>

namespace winml::platform {
namespace {

TEST(ExecutablePath, NamesThisTestProgram) {
  const std::filesystem::path exe = current_executable_path();
  EXPECT_TRUE(exe.is_absolute()) << exe;
  EXPECT_TRUE(std::filesystem::is_regular_file(exe)) << exe;
  EXPECT_EQ(exe.stem().string(), "platform_tests");
}

}  // namespace
}  // namespace winml::platform
