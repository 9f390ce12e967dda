// run_process and FileLock across real processes, driven through winml-platform-test-child so the
// same tests run on Linux and, cross-built, on Windows (under wine).
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "platform/file_lock.h"
#include "platform/process_id.h"
#include "platform/subprocess.h"
#include "platform/utf8_path.h"
#include "platform_test_child.h"
#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

using test::platform_test_child;
using test::run_platform_test_child;

TEST(ChildProcess, ReportsTheExitCode) {
  EXPECT_EQ(run_platform_test_child({"exit", "0"}).status, ExitStatus::success);
  const ProcessResult failed = run_platform_test_child({"exit", "3"});
  EXPECT_EQ(failed.status, ExitStatus::failure);
  EXPECT_EQ(failed.exit_code, 3);
  EXPECT_EQ(describe(failed), "exited with code 3");
}

TEST(ChildProcess, HasItsOwnProcessId) {
  const ProcessResult run = run_platform_test_child({"pid"});
  ASSERT_EQ(run.status, ExitStatus::success) << describe(run);
  EXPECT_NE(run.output, std::to_string(current_process_id()));
  EXPECT_NE(run.output, "0");
}

TEST(ChildProcess, CapturesStdoutAndStderrAndKeepsArgumentsWhole) {
  // Blanks, quotes and backslashes before a quote: the Windows command line must bring them back.
  const std::string text = R"(two words "quoted" back\slash\ end\")";
  const ProcessResult run = run_platform_test_child({"print", text});
  ASSERT_EQ(run.status, ExitStatus::success) << describe(run) << run.output;
  EXPECT_NE(run.output.find(text), std::string::npos) << run.output;  // "\r\n" follows on Windows
  EXPECT_NE(run.output.find("err:" + text), std::string::npos) << run.output;
}

TEST(ChildProcess, PassesEnvironmentOverrides) {
  ProcessOptions options;
  options.argv = {platform_test_child(), "env", "WINML_CHILD_TEST_VALUE"};
  options.env = {{"WINML_CHILD_TEST_VALUE", "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac"}};  // café 日本
  const ProcessResult run = run_process(options);
  ASSERT_EQ(run.status, ExitStatus::success) << describe(run);
  EXPECT_EQ(run.output, "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac");
}

TEST(ChildProcess, AMissingProgramIsASpawnFailure) {
  ProcessOptions options;
  options.argv = {utf8_string(fs::temp_directory_path() / "winml-no-such-program")};
  const ProcessResult run = run_process(options);
  EXPECT_EQ(run.status, ExitStatus::spawn_failed);
  EXPECT_NE(run.error.find("winml-no-such-program"), std::string::npos) << run.error;
}

// A lock dies with its holder however it dies: here the holder is killed at its timeout.
TEST(ChildProcess, AKilledHoldersLockIsReleased) {
  test::TempDir dir;
  const fs::path lock_file = dir.path() / "held.lock";
  std::thread holder([&] { run_platform_test_child({"hold-lock", utf8_string(lock_file)}, 5000ms); });
  bool held = false;
  for (int i = 0; i < 400 && !held; ++i) {
    std::this_thread::sleep_for(10ms);
    held = fs::exists(lock_file) && !FileLock::try_lock(lock_file, LockMode::exclusive).has_value();
  }
  EXPECT_TRUE(held) << "the child never took the lock";
  holder.join();
  EXPECT_TRUE(FileLock::try_lock(lock_file, LockMode::exclusive).has_value());
}

}  // namespace
}  // namespace winml::platform
