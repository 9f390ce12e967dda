// A preparation killed at any point must never leave a folder that a later run trusts wrongly.
// Each case prepares the folder for options A, then runs a preparation for options B in a child
// process that is SIGKILLed either at its N-th checkpoint (every step that changes the disk) or
// after a delay. The cache must then offer runs for A and for B only artifacts really compiled
// for them, and the next run for B must complete the folder and leave no leftovers.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "compile/artifact_files.h"
#include "compile/cache_marker.h"
#include "compile/checkpoint.h"
#include "compile/compile_test_support.h"
#include "compile/compiled_folder.h"
#include "compile/compiled_folder_build.h"
#include "compile/onnx_scan.h"
#include "platform/atomic_file.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

// Atomic: with parallel compiles the checkpoints come from several threads.
std::atomic<int> g_checkpoints{0};
int g_kill_at = 0;

void count_checkpoint(std::string_view) { ++g_checkpoints; }

void kill_at_checkpoint(std::string_view) {
  if (++g_checkpoints == g_kill_at) ::raise(SIGKILL);
}

// Every stage on QNN: three compiles per preparation, so three times the commit steps to kill.
// `jobs` > 1 compiles them side by side, so a kill lands while several are under way.
CompileJob job_for(const test::CompileFixture& fx, const std::string& round, int delay_ms = 0, unsigned jobs = 1) {
  CompileJob job = fx.job({"--fake-delay-ms=" + std::to_string(delay_ms)});
  job.jobs = jobs;
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
      build_compiled_folder(job, write_config(out, "B"));
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

// True when the artifact of `stage` would be reused for `job` (without compiling anything).
bool would_reuse(const CompileJob& job, const StageSpec& stage) {
  CompileConfig config = compile_config_for(stage.ep, stage.device, stage.provider_options);
  auto sources = identify_sources(stage.source);
  const std::string key = artifact_key({stage.name, &config, job.embed, job.compiler_id, sources});
  return reuse_problem(job.out_dir / artifact_name(stage.name, config.alias), key, sources).empty();
}

std::string context_of(const fs::path& artifact) {
  return test::read_bytes(fs::path(artifact).replace_extension(".bin"));
}

// What any later run must see after an interrupted preparation for round B.
void check_later_runs(const test::CompileFixture& fx, const std::string& context) {
  SCOPED_TRACE(context);
  const fs::path out = fx.out();
  // Whatever the cache would hand to a run for A or for B must have been compiled for it.
  for (const std::string round : {"A", "B"}) {
    const CompileJob job = job_for(fx, round);
    for (const auto& stage : job.stages) {
      if (!would_reuse(job, stage)) continue;
      const fs::path artifact = out / artifact_name(stage.name, "qnn");
      EXPECT_TRUE(scan_onnx(artifact).valid) << artifact;
      EXPECT_NE(context_of(artifact).find("round=" + round), std::string::npos)
          << stage.name << " would be reused for round " << round << " but holds: " << context_of(artifact);
    }
  }
  // A folder still marked prepared (for A: killed before it was unmarked; for B: killed after it
  // was marked) must be complete for that round, derived config included.
  for (const std::string round : {"A", "B"}) {
    auto prepared = read_prepared(out, compile_fingerprint(job_for(fx, round)));
    if (!prepared) continue;
    EXPECT_EQ(test::read_bytes(out / "genai_config.json"), round);
    for (const auto& s : *prepared) {
      EXPECT_NE(context_of(s.artifact).find("round=" + round), std::string::npos) << s.stage << " marked for " << round;
    }
  }
  // The next run for B finishes the job and leaves nothing behind.
  PreparedStages p = build_compiled_folder(job_for(fx, "B"), write_config(out, "B"));
  for (const auto& s : p.stages) {
    ASSERT_FALSE(s.artifact.empty()) << s.stage << " " << to_string(s.action) << ": " << s.detail;
    EXPECT_TRUE(scan_onnx(s.artifact).valid) << s.artifact;
    EXPECT_NE(context_of(s.artifact).find("round=B"), std::string::npos) << s.stage << " " << to_string(s.action);
  }
  EXPECT_EQ(test::read_bytes(out / "genai_config.json"), "B");
  EXPECT_TRUE(is_prepared(out, p.fingerprint));
  for (const auto& e : fs::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    EXPECT_FALSE(is_staging_name(name) || name.find(".tmp-") != std::string::npos || name.starts_with(".partial"))
        << "leftover " << name;
  }
}

// The folder as the A preparation left it. Restoring it hard-links the files back, which keeps
// their identities (size, mtime), so the markers stay valid; it is safe because preparation only
// ever replaces or deletes files, never writes into one in place. Sources stay where they are, so
// cache keys (which hold source paths) are unchanged. This saves three compiles per case.
class Snapshot {
 public:
  explicit Snapshot(const test::CompileFixture& fx) : out_(fx.out()), copy_(fx.root() / "snapshot") {
    build_compiled_folder(job_for(fx, "A"), write_config(out_, "A"));
    fs::create_directories(copy_);
    for (const auto& e : fs::directory_iterator(out_)) {
      if (e.path().filename() != ".lock") fs::create_hard_link(e.path(), copy_ / e.path().filename());
    }
  }
  void restore() const {
    fs::remove_all(out_);
    fs::create_directories(out_);
    for (const auto& e : fs::directory_iterator(copy_)) fs::create_hard_link(e.path(), out_ / e.path().filename());
  }

 private:
  fs::path out_;
  fs::path copy_;
};

void kill_at_every_checkpoint(unsigned jobs) {
  test::CompileFixture fx;
  Snapshot a_folder(fx);
  // Count the checkpoints of one full B preparation over the A folder.
  g_checkpoints = 0;
  set_checkpoint_hook(count_checkpoint);
  build_compiled_folder(job_for(fx, "B", 0, jobs), write_config(fx.out(), "B"));
  set_checkpoint_hook(nullptr);
  const int steps = g_checkpoints.load();
  ASSERT_GE(steps, 20) << "fewer checkpoints than the steps of three stage compiles";
  ::testing::Test::RecordProperty("checkpoints", steps);
  for (int k = 1; k <= steps; ++k) {
    a_folder.restore();
    g_checkpoints = 0;
    g_kill_at = k;
    set_checkpoint_hook(kill_at_checkpoint);
    int status = prepare_in_child(job_for(fx, "B", 0, jobs), fx.out(), [](pid_t) {});
    set_checkpoint_hook(nullptr);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "checkpoint " << k << " was not reached";
    check_later_runs(fx, "killed at checkpoint " + std::to_string(k) + " of " + std::to_string(steps));
  }
}

TEST(CrashSafety, KilledAtEveryCheckpoint) { kill_at_every_checkpoint(1); }

// The same with the three stages compiling side by side: the N-th step is then some stage's, and
// the others are mid-compile or mid-commit when the kill comes.
TEST(CrashSafety, KilledAtEveryCheckpointWhileCompilingSideBySide) { kill_at_every_checkpoint(3); }

void kill_after_random_delays(unsigned jobs) {
  test::CompileFixture fx;
  Snapshot a_folder(fx);
  std::mt19937 random(20240601);  // fixed: a failure must reproduce
  std::uniform_int_distribution<int> delay_ms(0, 250);
  for (int i = 0; i < 8; ++i) {
    a_folder.restore();
    const int delay = delay_ms(random);
    prepare_in_child(job_for(fx, "B", 40, jobs), fx.out(), [delay](pid_t pid) {
      std::this_thread::sleep_for(std::chrono::milliseconds(delay));
      ::kill(pid, SIGKILL);
    });
    check_later_runs(fx, "killed after " + std::to_string(delay) + " ms");
  }
}

TEST(CrashSafety, KilledAfterRandomDelays) { kill_after_random_delays(1); }

TEST(CrashSafety, KilledAfterRandomDelaysWhileCompilingSideBySide) { kill_after_random_delays(3); }

}  // namespace
}  // namespace winml::compile
