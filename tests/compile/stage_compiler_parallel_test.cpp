// Stages compiled side by side (CompileJob::jobs > 1): the wall time, each worker's own timeout
// and fallback, and results and warnings in the job's order whatever order the compiles end in.

#include <gtest/gtest.h>

#include <chrono>

#include "compile/compile_test_support.h"
#include "compile/stage_compiler.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

PreparedStages compile_now(const CompileJob& job) {
  CompiledFolderLock lock(job.out_dir);
  return compile_stages(job, lock);
}

// All three stages of the fixture on QNN, so that each one starts a compiler.
CompileJob all_compiled(const test::CompileFixture& fx, unsigned jobs, const std::vector<std::string>& fake) {
  CompileJob job = fx.job(fake);
  job.stages[0] = fx.stage("embed", "qnn");
  job.jobs = jobs;
  return job;
}

TEST(ParallelStageCompiler, SideBySideTakesAboutTheSlowestStage) {
  // Each fake compile sleeps 1.5 s: one after another 4.5 s, side by side about 1.5 s. Both are
  // measured here, on the same machine at the same time, so the bound tolerates a loaded one.
  test::CompileFixture one_by_one;
  PreparedStages sequential = compile_now(all_compiled(one_by_one, 1, {"--fake-delay-ms=1500"}));
  test::CompileFixture side_by_side;
  PreparedStages parallel = compile_now(all_compiled(side_by_side, 3, {"--fake-delay-ms=1500"}));
  EXPECT_EQ(test::stage_actions(sequential), (std::vector<std::string>{"compiled", "compiled", "compiled"}));
  EXPECT_EQ(test::stage_actions(parallel), test::stage_actions(sequential));
  EXPECT_EQ(sequential.jobs.jobs, 1u);
  EXPECT_EQ(parallel.jobs.jobs, 3u);
  EXPECT_EQ(parallel.jobs.source, "requested");
  EXPECT_GE(sequential.wall_seconds, 4.5);
  EXPECT_LT(parallel.wall_seconds, 0.8 * sequential.wall_seconds)
      << "parallel " << parallel.wall_seconds << " s, sequential " << sequential.wall_seconds << " s";
  // Each stage still took its own 1.5 s; the saving is what the overlap took off their sum.
  for (const auto& stage : parallel.stages) EXPECT_GE(stage.seconds, 1.5) << stage.stage;
  EXPECT_GE(parallel.stage_seconds(), 4.5);
  EXPECT_LT(parallel.wall_seconds, 0.8 * parallel.stage_seconds());
  EXPECT_NEAR(parallel.saved_seconds(), parallel.stage_seconds() - parallel.wall_seconds, 1e-9);
  EXPECT_LT(sequential.saved_seconds(), 0.5) << "one at a time saves nothing";
}

TEST(ParallelStageCompiler, AHangAndACrashFallBackOnlyTheirOwnStages) {
  // ctx hangs until its own timeout; iter crashes at once; embed compiles meanwhile.
  test::CompileFixture fx;
  CompileJob job = all_compiled(fx, 3, {"--fake-mode=ctx:hang", "--fake-mode=iter:crash-before-writing"});
  job.timeout_s = 3;
  std::vector<std::string> warnings;
  job.warn = [&](const std::string& m) { warnings.push_back(m); };
  PreparedStages p = compile_now(job);
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"compiled", "fell_back", "fell_back"}));
  EXPECT_NE(p.stages[1].detail.find("--compile-timeout"), std::string::npos) << p.stages[1].detail;
  EXPECT_NE(p.stages[2].detail.find("signal"), std::string::npos) << p.stages[2].detail;
  EXPECT_LT(p.stages[0].seconds, job.timeout_s) << "the hang did not hold up the healthy stage";
  EXPECT_FALSE(p.stages[0].artifact.empty());
  EXPECT_TRUE(fs::exists(p.stages[0].artifact));
  EXPECT_LT(p.wall_seconds, p.stage_seconds()) << "the crash and the compile overlapped the hang";
  // iter's warning came first, yet ctx's is passed on first: the stages' order.
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("stage ctx"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[1].find("stage iter"), std::string::npos) << warnings[1];
}

TEST(ParallelStageCompiler, OutcomesAreTheSameWhateverTheOrderOfCompletion) {
  // Side by side the compiles end in whatever order the machine lets them; the report must not
  // show it. Two stages fail (each with a warning), one compiles.
  auto outcome = [](unsigned jobs) {
    test::CompileFixture fx;
    CompileJob job =
        all_compiled(fx, jobs, {"--fake-mode=embed:fail", "--fake-mode=ctx:garbage", "--fake-delay-ms=200"});
    std::vector<std::string> lines;
    job.warn = [&](const std::string& m) { lines.push_back("warn " + m); };
    PreparedStages p = compile_now(job);
    for (const auto& s : p.stages) {
      lines.push_back(s.stage + " " + s.ep + " " + std::string(to_string(s.action)) + " " + s.filename + " " +
                      s.detail);
    }
    return lines;
  };
  const auto sequential = outcome(1);
  ASSERT_EQ(sequential.size(), 5u);  // two warnings, three stages
  EXPECT_EQ(outcome(3), sequential);
  EXPECT_EQ(outcome(3), sequential);
}

TEST(ParallelStageCompiler, AutoBoundsTheWorkersByTheMachine) {
  test::CompileFixture fx;
  PreparedStages p = compile_now(all_compiled(fx, 0, {}));
  EXPECT_EQ(p.jobs.source, "auto");
  EXPECT_GE(p.jobs.jobs, 1u);
  EXPECT_LE(p.jobs.jobs, 3u);
  EXPECT_FALSE(p.jobs.limited_by.empty());
  EXPECT_GT(p.jobs.worker_bytes, kWorkerBaseBytes) << "the sources' bytes count";
  EXPECT_EQ(test::stage_actions(p), (std::vector<std::string>{"compiled", "compiled", "compiled"}));
}

TEST(ParallelStageCompiler, OnlyStagesThatCompileCountTowardsTheWorkers) {
  test::CompileFixture fx;
  CompileJob job = fx.job();  // embed stays on the CPU: two stages may compile
  job.jobs = 8;
  PreparedStages p = compile_now(job);
  EXPECT_EQ(p.jobs.jobs, 2u);
  EXPECT_EQ(p.jobs.limited_by, "stages");
  // Reuse is checked by the workers too, and reports the same.
  PreparedStages again = compile_now(job);
  EXPECT_EQ(test::stage_actions(again), (std::vector<std::string>{"jit", "reused", "reused"}));
}

}  // namespace
}  // namespace winml::compile
