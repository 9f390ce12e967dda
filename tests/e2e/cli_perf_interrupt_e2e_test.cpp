// Ctrl-C during `winml perf` keeps what was measured: the first SIGINT lets the iteration in
// progress finish, the report of what finished is written, marked "interrupted", and the exit
// code is 130; a second SIGINT ends the process at once, writing nothing.

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "test_support/json_file.h"
#include "test_support/report_schema.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

extern char** environ;

namespace winml {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class PerfInterrupt : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    const auto synth = test::run_winml("bundle synth -q -o " + bundle().string());
    ASSERT_EQ(synth.exit_code, 0) << synth.err;
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path bundle() { return root_->path() / "bundle"; }

  // Starts `winml perf -m BUNDLE ARGS... -o report.json`, stdout and stderr into files.
  pid_t start(const std::vector<std::string>& args) {
    std::vector<std::string> words = {test::winml_binary(), "perf", "-m", bundle().string(), "--no-color"};
    words.insert(words.end(), args.begin(), args.end());
    words.insert(words.end(), {"-o", report_.string()});
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t files;
    ::posix_spawn_file_actions_init(&files);
    ::posix_spawn_file_actions_addopen(&files, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::posix_spawn_file_actions_addopen(&files, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, argv[0], &files, nullptr, argv.data(), environ);
    ::posix_spawn_file_actions_destroy(&files);
    return spawned == 0 ? pid : -1;
  }

  // Waits until stderr holds `first`, then `then` after it; false on timeout or an early exit.
  bool wait_for_stderr(pid_t pid, const std::string& first, const std::string& then) {
    const auto deadline = std::chrono::steady_clock::now() + 180s;
    while (std::chrono::steady_clock::now() < deadline) {
      const std::string err = read_text(err_);
      const auto at = err.find(first);
      if (at != std::string::npos && err.find(then, at + first.size()) != std::string::npos) return true;
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) return false;
      std::this_thread::sleep_for(10ms);
    }
    ::kill(pid, SIGKILL);
    return false;
  }

  static int wait_status(pid_t pid) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    return status;
  }

  static test::TempDir* root_;
  test::TempDir dir_;
  fs::path report_ = dir_.path() / "report.json";
  fs::path out_ = dir_.path() / "stdout.txt";
  fs::path err_ = dir_.path() / "stderr.txt";
};
test::TempDir* PerfInterrupt::root_ = nullptr;

TEST_F(PerfInterrupt, CtrlCWritesTheReportOfTheIterationsThatFinishedAndExits130) {
  // An hour's budget: only Ctrl-C ends this run.
  const pid_t pid = start({"--duration", "3600", "--warmup", "1", "-n", "4", "--no-bandwidth-probe"});
  ASSERT_GT(pid, 0);
  ASSERT_TRUE(wait_for_stderr(pid, "warmup", "iteration ")) << read_text(err_);
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  const int status = wait_status(pid);
  const std::string err = read_text(err_);
  ASSERT_TRUE(WIFEXITED(status)) << "status " << status << "\n" << err;
  EXPECT_EQ(WEXITSTATUS(status), 130) << err;
  EXPECT_NE(err.find("stopping after the current iteration"), std::string::npos) << err;
  EXPECT_NE(err.find("interrupted (Ctrl-C): the report holds the run, with the iterations that finished"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("report written to " + report_.string()), std::string::npos) << err;
  ASSERT_TRUE(fs::exists(report_)) << err;
  const auto check = test::check_report_file(report_);
  EXPECT_TRUE(check.valid()) << check.problems;
  const auto report = test::read_json(report_);
  EXPECT_EQ(report["interrupted"]["combinations_planned"], 1);
  EXPECT_EQ(report["interrupted"]["combinations_reported"], 1);
  EXPECT_EQ(report["interrupted"]["combinations_cut_short"], 1);
  ASSERT_EQ(report["results"].size(), 1u);
  const auto& samples = report["results"][0]["samples"]["timed"];
  EXPECT_GE(samples.size(), 1u);
  EXPECT_EQ(report["results"][0]["metrics"]["iterations"], samples.size());
  // The console tables of the finished iterations are printed too.
  EXPECT_NE(read_text(out_).find("TTFT"), std::string::npos);
}

TEST_F(PerfInterrupt, ASweepKeepsTheCombinationsThatFinished) {
  // Two seconds per combination: Ctrl-C while the second runs.
  const pid_t pid = start({"--duration", "2", "--warmup", "0", "-n", "2,3,4,5", "--no-bandwidth-probe"});
  ASSERT_GT(pid, 0);
  ASSERT_TRUE(wait_for_stderr(pid, "[2/4]", "iteration ")) << read_text(err_);
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  const int status = wait_status(pid);
  const std::string err = read_text(err_);
  ASSERT_TRUE(WIFEXITED(status)) << "status " << status << "\n" << err;
  EXPECT_EQ(WEXITSTATUS(status), 130) << err;
  EXPECT_NE(err.find("interrupted (Ctrl-C): the report holds 2 of 4 combinations"), std::string::npos) << err;
  const auto check = test::check_report_file(report_);
  EXPECT_TRUE(check.valid()) << check.problems;
  const auto report = test::read_json(report_);
  EXPECT_EQ(report["interrupted"]["combinations_planned"], 4);
  EXPECT_EQ(report["interrupted"]["combinations_reported"], 2);
  ASSERT_EQ(report["results"].size(), 2u);
  EXPECT_EQ(report["results"][0]["config"]["max_new_tokens"], 2);
  EXPECT_EQ(report["results"][1]["config"]["max_new_tokens"], 3);
  EXPECT_EQ(report["sweep"]["combinations"], 4);
}

// The second Ctrl-C ends the process at once (platform test InterruptRequest.ASecondCtrlCEnds...
// checks that deterministically). Here, on iterations of milliseconds, it may come while the
// first one's report is being written or after: whichever, no partial report and no temporary
// file is left.
TEST_F(PerfInterrupt, ASecondCtrlCNeverLeavesAPartialReport) {
  const pid_t pid = start({"--duration", "3600", "--warmup", "1", "-n", "4", "--no-bandwidth-probe"});
  ASSERT_GT(pid, 0);
  ASSERT_TRUE(wait_for_stderr(pid, "warmup", "iteration ")) << read_text(err_);
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  // The first is handled before the second arrives (two pending SIGINTs would be one).
  ASSERT_TRUE(wait_for_stderr(pid, "stopping after", "\n")) << read_text(err_);
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  const int status = wait_status(pid);
  if (WIFSIGNALED(status)) {
    EXPECT_EQ(WTERMSIG(status), SIGINT);
  } else {
    EXPECT_EQ(WEXITSTATUS(status), 130) << read_text(err_);
  }
  if (fs::exists(report_)) {
    const auto check = test::check_report_file(report_);
    EXPECT_TRUE(check.valid()) << check.problems;
    EXPECT_TRUE(test::read_json(report_).contains("interrupted"));
  }
  for (const auto& entry : fs::directory_iterator(dir_.path())) {
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
  }
}

}  // namespace
}  // namespace winml
