// The whole-folder protocol: completion marker, purge of leftovers, lock, concurrent runs.

#include "compile/compiled_folder_build.h"

#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include <gtest/gtest.h>

#include "compile/artifact_files.h"
#include "compile/cache_marker.h"
#include "compile/compile_test_support.h"
#include "compile/compiled_folder.h"
#include "compile/onnx_scan.h"
#include "platform/atomic_file.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

// Stands in for the derived bundle writer: records the stage filenames in genai_config.json.
FinishFolder write_config(const fs::path& out, int* calls = nullptr) {
  return [out, calls](const std::vector<StageResult>& stages) {
    nlohmann::json files;
    for (const auto& s : stages) files[s.stage] = s.filename;
    platform::write_file_atomically(out / "genai_config.json", files.dump());
    if (calls != nullptr) ++*calls;
  };
}

TEST(Preparation, FirstRunCompilesFinishesAndMarksSecondRunTrustsTheMarker) {
  test::CompileFixture fx;
  int calls = 0;
  PreparedStages first = build_compiled_folder(fx.job(), write_config(fx.out(), &calls));
  EXPECT_FALSE(first.from_completion_marker);
  EXPECT_EQ(test::stage_actions(first), (std::vector<std::string>{"jit", "compiled", "compiled"}));
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(is_prepared(fx.out(), first.fingerprint));
  fx.clear_records();
  PreparedStages second = build_compiled_folder(fx.job(), write_config(fx.out(), &calls));
  EXPECT_TRUE(second.from_completion_marker);
  EXPECT_EQ(second.fingerprint, first.fingerprint);
  EXPECT_EQ(test::stage_actions(second), (std::vector<std::string>{"jit", "reused", "reused"}));
  EXPECT_EQ(second.stages[1].artifact, fx.out() / "ctx_qnn_ctx.onnx");
  EXPECT_EQ(second.stages[0].filename, "embed.onnx");
  EXPECT_EQ(calls, 1) << "a prepared folder is not rewritten";
  EXPECT_TRUE(fx.records().empty());
}

// A folder prepared for these inputs is reused only while the runtime accepts its artifacts here.
TEST(Preparation, ArtifactTheRuntimeWantsRecompiledVoidsTheCompletionMarker) {
  test::CompileFixture fx;
  PreparedStages first = build_compiled_folder(fx.job(), write_config(fx.out()));
  ASSERT_TRUE(is_prepared(fx.out(), first.fingerprint));
  CompileJob optimal = fx.job();
  optimal.check = [](const std::string&, const CompileConfig&) { return Compatibility::optimal; };
  PreparedStages trusted = build_compiled_folder(optimal, write_config(fx.out()));
  EXPECT_TRUE(trusted.from_completion_marker);
  EXPECT_EQ(trusted.stages[1].compatibility, Compatibility::optimal);
  EXPECT_EQ(trusted.stages[0].compatibility, Compatibility::not_checked);  // JIT: nothing to judge
  fx.clear_records();
  CompileJob stale = fx.job();
  stale.check = [](const std::string& info, const CompileConfig&) {
    return info.empty() ? Compatibility::optimal : Compatibility::prefer_recompile;
  };
  PreparedStages rebuilt = build_compiled_folder(stale, write_config(fx.out()));
  EXPECT_FALSE(rebuilt.from_completion_marker);
  EXPECT_EQ(test::stage_actions(rebuilt), (std::vector<std::string>{"jit", "compiled", "compiled"}));
  EXPECT_EQ(fx.records().size(), 2u);
}

TEST(Preparation, AChangeOfWhatTheCallerWritesRebuildsTheFolderButReusesArtifacts) {
  test::CompileFixture fx;
  int calls = 0;
  build_compiled_folder(fx.job(), write_config(fx.out(), &calls), "config v1");
  PreparedStages p = build_compiled_folder(fx.job(), write_config(fx.out(), &calls), "config v2");
  EXPECT_FALSE(p.from_completion_marker);
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "reused", "reused"}));
}

TEST(Preparation, AFallbackLeavesTheFolderUnmarkedSoTheNextRunRetries) {
  test::CompileFixture fx;
  PreparedStages p = build_compiled_folder(fx.job({"--fake-mode=ctx:fail"}), write_config(fx.out()));
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "fell_back", "compiled"}));
  EXPECT_FALSE(is_prepared(fx.out(), p.fingerprint));
  EXPECT_FALSE(fs::exists(completion_marker_path(fx.out())));
  p = build_compiled_folder(fx.job(), write_config(fx.out()));
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "compiled", "reused"}));
  EXPECT_TRUE(is_prepared(fx.out(), p.fingerprint));
}

TEST(Preparation, ADeletedOrEditedArtifactFileVoidsTheMarker) {
  test::CompileFixture fx;
  PreparedStages p = build_compiled_folder(fx.job(), write_config(fx.out()));
  fs::remove(fx.out() / "ctx_qnn_ctx.bin");
  EXPECT_FALSE(is_prepared(fx.out(), p.fingerprint));
  p = build_compiled_folder(fx.job(), write_config(fx.out()));
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "compiled", "reused"}));
  std::ofstream(fx.out() / "iter_qnn_ctx.bin", std::ios::app) << "tampered";
  EXPECT_FALSE(is_prepared(fx.out(), p.fingerprint));
  p = build_compiled_folder(fx.job(), write_config(fx.out()));
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"jit", "reused", "compiled"}));
}

TEST(Preparation, PurgeRemovesLeftoversAndNothingElse) {
  test::CompileFixture fx;
  build_compiled_folder(fx.job(), write_config(fx.out()));
  const fs::path& out = fx.out();
  fs::create_directories(out / ".ctx_qnn_ctx.onnx.staging-1-0" / ".partial-9");
  test::write_bytes(out / "genai_config.json.tmp-AbC123", "{");
  // An interrupted commit: pending marker naming a half-moved artifact.
  test::write_bytes(out / "lost_qnn_ctx.bin", "x");
  ArtifactMarker pending;
  pending.key = "k";
  pending.files = {{"lost_qnn_ctx.bin", {}}, {"lost_qnn_ctx.onnx", {}}};
  write_marker(out / "lost_qnn_ctx.onnx", pending);
  // What winml did not write stays: a derived bundle's link and a foreign file with our suffix.
  fs::create_symlink(fx.bundle() / "ctx.onnx", out / "tokenizer.json");
  test::write_bytes(out / "notes.meta.json", "{\"mine\": true}");
  {
    CompiledFolderLock lock(out);
    purge_untrusted(out);
  }
  EXPECT_FALSE(fs::exists(out / ".ctx_qnn_ctx.onnx.staging-1-0"));
  EXPECT_FALSE(fs::exists(out / "genai_config.json.tmp-AbC123"));
  EXPECT_FALSE(fs::exists(out / "lost_qnn_ctx.bin"));
  EXPECT_FALSE(fs::exists(marker_path(out / "lost_qnn_ctx.onnx")));
  EXPECT_TRUE(fs::is_symlink(out / "tokenizer.json"));
  EXPECT_TRUE(fs::exists(out / "notes.meta.json"));
  EXPECT_TRUE(fs::exists(out / ".lock"));
  EXPECT_TRUE(fs::exists(out / "genai_config.json"));
  EXPECT_TRUE(fs::exists(out / "ctx_qnn_ctx.onnx")) << "complete artifacts survive a purge";
  EXPECT_TRUE(fs::exists(out / "iter_qnn_ctx.bin"));
}

TEST(Preparation, LockWaitRunsOutWhileAnotherRunPrepares) {
  test::CompileFixture fx;
  CompiledFolderLock held(fx.out());
  CompileJob job = fx.job();
  job.lock_wait = std::chrono::milliseconds(100);
  std::vector<std::string> progress;
  job.progress = [&](const std::string& m) { progress.push_back(m); };
  EXPECT_THROW(build_compiled_folder(job, write_config(fx.out())), Error);
  ASSERT_EQ(progress.size(), 1u);
  EXPECT_NE(progress[0].find("waiting for another winml run"), std::string::npos);
}

// After concurrent runs: each stage compiled exactly once, the folder marked, artifacts valid.
void expect_valid_cache(const test::CompileFixture& fx) {
  EXPECT_EQ(fx.records().size(), 2u) << "each EPContext stage is compiled once";
  PreparedStages again = build_compiled_folder(fx.job(), write_config(fx.out()));
  EXPECT_TRUE(again.from_completion_marker);
  for (const char* name : {"ctx_qnn_ctx.onnx", "iter_qnn_ctx.onnx"}) {
    EXPECT_TRUE(scan_onnx(fx.out() / name).valid) << name;
    auto marker = read_marker(fx.out() / name);
    ASSERT_TRUE(marker.has_value());
    EXPECT_TRUE(marked_files_problem(fx.out() / name, *marker).empty());
  }
  for (const auto& e : fs::directory_iterator(fx.out())) {
    EXPECT_FALSE(is_staging_name(e.path().filename().string())) << e.path();
  }
}

TEST(Preparation, TwoConcurrentThreadsLeaveAValidCache) {
  test::CompileFixture fx;
  const CompileJob job = fx.job({"--fake-delay-ms=150"});
  std::vector<PreparedStages> results(2);
  std::vector<std::thread> threads;
  threads.reserve(2);
  for (int i = 0; i < 2; ++i) {
    threads.emplace_back([&, i] { results[i] = build_compiled_folder(job, write_config(fx.out())); });
  }
  for (auto& t : threads) t.join();
  int compiled = 0;
  for (const auto& r : results) {
    for (const auto& s : r.stages) compiled += s.action == StageAction::compiled;
  }
  EXPECT_EQ(compiled, 2) << "one run compiled, the other reused";
  expect_valid_cache(fx);
}

TEST(Preparation, TwoConcurrentProcessesLeaveAValidCache) {
  test::CompileFixture fx;
  const CompileJob job = fx.job({"--fake-delay-ms=150"});
  std::vector<pid_t> children;
  for (int i = 0; i < 2; ++i) {
    pid_t pid = ::fork();
    if (pid == 0) {
      try {
        build_compiled_folder(job, write_config(fx.out()));
        std::_Exit(0);
      } catch (...) {
        std::_Exit(1);
      }
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  expect_valid_cache(fx);
}

}  // namespace
}  // namespace winml::compile
