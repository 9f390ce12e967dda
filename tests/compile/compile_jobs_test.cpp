// How many stages compile at once: a request, or the auto rule's bounds.
#include "compile/compile_jobs.h"

#include <gtest/gtest.h>

namespace winml::compile {
namespace {

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

TEST(CompileJobs, ARequestIsTakenUpToTheStages) {
  const std::vector<std::uint64_t> two(2, kGiB);
  CompileJobs one = resolve_compile_jobs(1, two, {});
  EXPECT_EQ(one.jobs, 1u);
  EXPECT_EQ(one.source, "requested");
  EXPECT_EQ(one.limited_by, "requested");
  CompileJobs eight = resolve_compile_jobs(8, two, {});
  EXPECT_EQ(eight.jobs, 2u) << "more workers than stages would idle";
  EXPECT_EQ(eight.limited_by, "stages");
  // A request is not second-guessed by the machine's facts: the caller asked for it.
  EXPECT_EQ(resolve_compile_jobs(2, two, {1, 1, kGiB / 2}).jobs, 2u);
}

TEST(CompileJobs, NothingToCompileStillMeansOneWorker) {
  EXPECT_EQ(resolve_compile_jobs(4, {}, {}).jobs, 1u);
  EXPECT_EQ(resolve_compile_jobs(0, {}, {8, 16, 64 * kGiB}).jobs, 1u);
}

TEST(CompileJobs, AutoTakesTheTightestBound) {
  const std::vector<std::uint64_t> three(3, kGiB);
  CompileJobs stages = resolve_compile_jobs(0, three, {8, 16, 64 * kGiB});
  EXPECT_EQ(stages.jobs, 3u);
  EXPECT_EQ(stages.source, "auto");
  EXPECT_EQ(stages.limited_by, "stages");
  CompileJobs cores = resolve_compile_jobs(0, three, {2, 4, 64 * kGiB});
  EXPECT_EQ(cores.jobs, 2u);
  EXPECT_EQ(cores.limited_by, "physical cores") << "SMT siblings share a core's compile throughput";
  CompileJobs memory = resolve_compile_jobs(0, three, {8, 16, kGiB * 5 / 2});
  EXPECT_EQ(memory.jobs, 2u) << "2.5 GiB holds two workers of 1 GiB";
  EXPECT_EQ(memory.limited_by, "memory");
  EXPECT_EQ(memory.worker_bytes, kGiB);
  EXPECT_EQ(memory.capacity.available_memory_bytes, kGiB * 5 / 2);
}

TEST(CompileJobs, TheLargestStageSetsTheMemoryBound) {
  CompileJobs jobs = resolve_compile_jobs(0, {kGiB, 4 * kGiB, kGiB}, {8, 16, 9 * kGiB});
  EXPECT_EQ(jobs.jobs, 2u);
  EXPECT_EQ(jobs.worker_bytes, 4 * kGiB);
}

TEST(CompileJobs, TooLittleMemoryOrUnknownFactsLeaveOneWorker) {
  const std::vector<std::uint64_t> two(2, 4 * kGiB);
  EXPECT_EQ(resolve_compile_jobs(0, two, {8, 16, kGiB}).jobs, 1u) << "never 0, even short of memory";
  EXPECT_EQ(resolve_compile_jobs(0, two, {0, 0, 0}).jobs, 1u) << "nothing known: one at a time";
  CompileJobs logical = resolve_compile_jobs(0, two, {0, 1, 0});
  EXPECT_EQ(logical.jobs, 1u);
  EXPECT_EQ(logical.limited_by, "logical cores");
  EXPECT_EQ(resolve_compile_jobs(0, two, {4, 8, 0}).jobs, 2u) << "unknown memory bounds nothing";
}

TEST(CompileJobs, WorkerEstimateHoldsTheWeightsTwiceAndTheRuntime) {
  EXPECT_EQ(worker_memory_estimate(0), kWorkerBaseBytes);
  EXPECT_EQ(worker_memory_estimate(kGiB), 2 * kGiB + kWorkerBaseBytes);
  EXPECT_EQ(worker_memory_estimate(~std::uint64_t{0}), ~std::uint64_t{0}) << "saturates instead of wrapping";
}

TEST(CompileJobs, ThisMachineIsRead) {
  const CompileCapacity capacity = read_compile_capacity();
  EXPECT_GT(capacity.logical_cores, 0u);
  EXPECT_GT(capacity.available_memory_bytes, 0u);
}

}  // namespace
}  // namespace winml::compile
