// The Windows job object around a child (subprocess_win32.cpp): a timeout ends the child's whole
// tree, including a grandchild the child started through its own run_process (a nested job). On
// POSIX such a grandchild gets its own process group and is not the parent's to kill; there
// subprocess_test.cpp checks the process-group kill with a shell's helpers instead.
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "platform/subprocess.h"
#include "platform/utf8_path.h"
#include "platform_test_child.h"
#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using test::run_platform_test_child;

// The child starts a grandchild that would write a file after 4 s; the child's timeout (2 s, room
// for wine's slow process start) must end the grandchild too.
TEST(JobObject, ATimeoutKillsTheWholeTree) {
  test::TempDir dir;
  const fs::path marker = dir.path() / "written-by-grandchild";
  const ProcessResult run = run_platform_test_child({"spawn-writer", utf8_string(marker), "4000"}, 2000ms);
  EXPECT_EQ(run.status, ExitStatus::timed_out);
  EXPECT_NE(run.output.find("spawning"), std::string::npos) << "the child did not get to start the grandchild";
  EXPECT_LT(run.seconds, 3.5);
  std::this_thread::sleep_for(3000ms);
  EXPECT_FALSE(fs::exists(marker)) << "the grandchild outlived the timeout";
}

}  // namespace
}  // namespace winml::platform
