// A preparation killed at any point must never leave a folder that a later run trusts wrongly.
// Each case prepares the folder for options A, then runs a preparation for options B in a child
// process that is SIGKILLed either at its N-th checkpoint (every step that changes the disk) or
// after a delay. Later runs for B and for A must then reuse only artifacts really compiled for
// them, and leave no leftovers behind.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "compile/artifact_files.h"
#include "compile/checkpoint.h"
#include "compile/compile_test_support.h"
#include "compile/compiled_folder.h"
#include "compile/onnx_scan.h"
#include "compile/preparation.h"
#include "platform/atomic_file.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

int g_checkpoints = 0;
int g_kill_at = 0;

void count_checkpoint(std::string_view) { ++g_checkpoints; }

void kill_at_checkpoint(std::string_view) {
  if (++g_checkpoints == g_kill_at) ::raise(SIGKILL);
}

// Every stage on QNN: three compiles per preparation, so three times the commit steps to kill.
CompileJob job_for(const test::CompileFixture& fx, const std::string& round, int delay_ms = 0) {
  CompileJob job = fx.job({"--fake-delay-ms=" + std::to_string(delay_ms)});
  for (auto& stage : job.stages) {
    stage.ep = "qnn";
    stage.provider_options["round"] = round;
  }
  return job;
}

FinishFolder write_config(const fs::path& out, const std::string& round) {
  return [out, round](const std::vector<StageResult>&) {
    platform::write_file_atomically(out / "genai_config.json", round);
  };
}

// Runs prepare for B in a child; `kill` ends it from outside. Returns the child's wait status.
template <typename Kill>
int prepare_in_child(const CompileJob& job, const fs::path& out, Kill kill) {
  pid_t pid = ::fork();
  if (pid == 0) {
    try {
      prepare_compiled_folder(job, write_config(out, "B"));
    } catch (...) {
      std::_Exit(1);
    }
    std::_Exit(0);
  }
  kill(pid);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

// What any later run must see after an interrupted preparation for round B.
void check_later_runs(const test::CompileFixture& fx, const std::string& context) {
  SCOPED_TRACE(context);
  const fs::path out = fx.out();
  const CompileJob b = job_for(fx, "B");
  // A folder still marked prepared for B must be complete, derived config included.
  if (is_prepared(out, compile_fingerprint(b))) {
    EXPECT_EQ(test::read_bytes(out / "genai_config.json"), "B");
  }
  for (const std::string round : {"B", "A"}) {
    PreparedStages p = prepare_compiled_folder(job_for(fx, round), write_config(out, round));
    for (const auto& s : p.stages) {
      ASSERT_FALSE(s.artifact.empty()) << s.stage << " " << to_string(s.action) << ": " << s.detail;
      EXPECT_TRUE(scan_onnx(s.artifact).valid) << s.artifact;
      const std::string context_file = test::read_bytes(fs::path(s.artifact).replace_extension(".bin"));
      EXPECT_NE(context_file.find("round=" + round), std::string::npos)
          << s.stage << " " << to_string(s.action) << " for round " << round << " holds: " << context_file;
    }
    EXPECT_EQ(test::read_bytes(out / "genai_config.json"), round);
  }
  for (const auto& e : fs::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    EXPECT_FALSE(is_staging_name(name) || name.find(".tmp-") != std::string::npos || name.starts_with(".partial"))
        << "leftover " << name;
  }
}

TEST(CrashSafety, KilledAtEveryCheckpoint) {
  // Count the checkpoints of one full B preparation over an A folder.
  int steps = 0;
  {
    test::CompileFixture fx;
    prepare_compiled_folder(job_for(fx, "A"), write_config(fx.out(), "A"));
    g_checkpoints = 0;
    set_checkpoint_hook(count_checkpoint);
    prepare_compiled_folder(job_for(fx, "B"), write_config(fx.out(), "B"));
    set_checkpoint_hook(nullptr);
    steps = g_checkpoints;
  }
  ASSERT_GE(steps, 20) << "fewer checkpoints than the steps of three stage compiles";
  RecordProperty("checkpoints", steps);
  for (int k = 1; k <= steps; ++k) {
    test::CompileFixture fx;
    prepare_compiled_folder(job_for(fx, "A"), write_config(fx.out(), "A"));
    g_checkpoints = 0;
    g_kill_at = k;
    set_checkpoint_hook(kill_at_checkpoint);
    int status = prepare_in_child(job_for(fx, "B"), fx.out(), [](pid_t) {});
    set_checkpoint_hook(nullptr);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "checkpoint " << k << " was not reached";
    check_later_runs(fx, "killed at checkpoint " + std::to_string(k) + " of " + std::to_string(steps));
  }
}

TEST(CrashSafety, KilledAfterRandomDelays) {
  std::mt19937 random(20240601);  // fixed: a failure must reproduce
  std::uniform_int_distribution<int> delay_ms(0, 250);
  for (int i = 0; i < 8; ++i) {
    test::CompileFixture fx;
    prepare_compiled_folder(job_for(fx, "A"), write_config(fx.out(), "A"));
    const int delay = delay_ms(random);
    prepare_in_child(job_for(fx, "B", 40), fx.out(), [delay](pid_t pid) {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay));
      ::kill(pid, SIGKILL);
    });
    check_later_runs(fx, "killed after " + std::to_string(delay) + " ms");
  }
}

}  // namespace
}  // namespace winml::compile
