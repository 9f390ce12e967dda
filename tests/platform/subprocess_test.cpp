#include "platform/subprocess.h"

#include <signal.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

using namespace std::chrono_literals;

ProcessResult sh(const std::string& script, std::optional<std::chrono::milliseconds> timeout = std::nullopt) {
  ProcessOptions options;
  options.argv = {"/bin/sh", "-c", script};
  options.timeout = timeout;
  return run_process(options);
}

// True when `pid` is gone or a zombie (reaped later by whoever adopted it).
bool is_dead(pid_t pid) {
  if (::kill(pid, 0) != 0) return true;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  auto close = text.rfind(')');
  return close == std::string::npos || (close + 2 < text.size() && text[close + 2] == 'Z');
}

TEST(Subprocess, ReportsSuccessAndOutput) {
  auto r = sh("echo to-stdout; echo to-stderr >&2");
  EXPECT_EQ(r.status, ExitStatus::success);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("to-stdout"), std::string::npos);
  EXPECT_NE(r.output.find("to-stderr"), std::string::npos);
  EXPECT_EQ(describe(r), "exited with code 0");
}

TEST(Subprocess, ReportsExitCode) {
  auto r = sh("exit 7");
  EXPECT_EQ(r.status, ExitStatus::failure);
  EXPECT_EQ(r.exit_code, 7);
  EXPECT_EQ(describe(r), "exited with code 7");
  EXPECT_STREQ(to_string(r.status), "failure");
}

TEST(Subprocess, ReportsTheKillingSignal) {
  auto r = sh("kill -SEGV $$");
  EXPECT_EQ(r.status, ExitStatus::signaled);
  EXPECT_EQ(r.signal, SIGSEGV);
  EXPECT_NE(describe(r).find("signal 11"), std::string::npos) << describe(r);
}

TEST(Subprocess, TimeoutKillsTheWholeProcessGroup) {
  test::TempDir dir;
  const auto pid_file = dir.path() / "grandchild.pid";
  // The shell starts a grandchild and waits on it: killing only the shell would leave it running.
  auto start = std::chrono::steady_clock::now();
  auto r = sh("sleep 60 & echo $! > " + pid_file.string() + "; wait", 300ms);
  auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(r.status, ExitStatus::timed_out);
  EXPECT_LT(took, 5s);
  EXPECT_GE(r.seconds, 0.29);
  EXPECT_NE(describe(r).find("timed out"), std::string::npos);
  std::ifstream in(pid_file);
  pid_t grandchild = 0;
  in >> grandchild;
  ASSERT_GT(grandchild, 0);
  bool dead = false;
  for (int i = 0; i < 100 && !dead; ++i) {
    dead = is_dead(grandchild);
    if (!dead) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(dead) << "grandchild " << grandchild << " survived the timeout";
}

TEST(Subprocess, HelpersLeftBehindEndWithTheChild) {
  test::TempDir dir;
  const auto pid_file = dir.path() / "helper.pid";
  auto r = sh("sleep 60 > /dev/null 2>&1 & echo $! > " + pid_file.string());
  EXPECT_EQ(r.status, ExitStatus::success);
  std::ifstream in(pid_file);
  pid_t helper = 0;
  in >> helper;
  ASSERT_GT(helper, 0);
  bool dead = false;
  for (int i = 0; i < 100 && !dead; ++i) {
    dead = is_dead(helper);
    if (!dead) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(dead);
}

TEST(Subprocess, FinishesBeforeTheTimeoutWithoutWaitingForIt) {
  auto r = sh("exit 0", 10s);
  EXPECT_EQ(r.status, ExitStatus::success);
  EXPECT_LT(r.seconds, 5.0);
}

TEST(Subprocess, ReportsASpawnFailure) {
  ProcessOptions options;
  options.argv = {"/nonexistent/winml-no-such-program"};
  auto r = run_process(options);
  EXPECT_EQ(r.status, ExitStatus::spawn_failed);
  EXPECT_NE(r.error.find("No such file"), std::string::npos) << r.error;
  EXPECT_NE(describe(r).find("could not be started"), std::string::npos);
  EXPECT_EQ(run_process(ProcessOptions{}).status, ExitStatus::spawn_failed);
}

TEST(Subprocess, KeepsTheTailOfLongOutput) {
  ProcessOptions options;
  options.argv = {"/bin/sh", "-c", "i=0; while [ $i -lt 2000 ]; do echo line-$i; i=$((i+1)); done"};
  options.output_limit = 100;
  auto r = run_process(options);
  EXPECT_EQ(r.status, ExitStatus::success);
  EXPECT_LE(r.output.size(), 100u);
  EXPECT_NE(r.output.find("line-1999"), std::string::npos);
}

TEST(Subprocess, PassesEnvironmentOverrides) {
  ProcessOptions options;
  options.argv = {"/bin/sh", "-c", "echo value=$WINML_SUBPROCESS_TEST"};
  options.env = {{"WINML_SUBPROCESS_TEST", "42"}};
  auto r = run_process(options);
  EXPECT_NE(r.output.find("value=42"), std::string::npos);
}

}  // namespace
}  // namespace winml::platform
