#include "session/threads_in_effect.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

MachineInfo machine(unsigned logical, unsigned physical) {
  MachineInfo m;
  m.logical_cores = logical;
  m.physical_cores = physical;
  return m;
}

TEST(ThreadsInEffect, GenaisDefaultIsHalfTheLogicalCoresFrom1To16) {
  EXPECT_EQ(genai_default_threads(0), 1);
  EXPECT_EQ(genai_default_threads(1), 1);
  EXPECT_EQ(genai_default_threads(2), 1);  // a 2-core machine without SMT runs on one core
  EXPECT_EQ(genai_default_threads(3), 1);
  EXPECT_EQ(genai_default_threads(16), 8);
  EXPECT_EQ(genai_default_threads(64), 16);
}

TEST(ThreadsInEffect, OnnxRuntimesDefaultIsThePhysicalCores) {
  EXPECT_EQ(onnxruntime_default_threads(8, 4), 4);
  EXPECT_EQ(onnxruntime_default_threads(2, 2), 2);
  EXPECT_EQ(onnxruntime_default_threads(8, 0), 4);  // physical unknown: ONNX Runtime's own guess
  EXPECT_EQ(onnxruntime_default_threads(1, 0), 1);
}

TEST(ThreadsInEffect, RequestedThreadsCoverEveryStage) {
  auto threads = genai_threads_in_effect(2, {{"ctx", 2}, {"iter", 2}}, machine(2, 2));
  EXPECT_EQ(threads.requested, 2);
  EXPECT_EQ(threads.source, "--threads");
  EXPECT_EQ(threads.intra_op_threads, 2);
  ASSERT_EQ(threads.stages.size(), 2u);
  EXPECT_EQ(threads.stages[1].source, "--threads");
  EXPECT_EQ(threads.runtime_default, 1);
  EXPECT_EQ(threads.logical_cores, 2u);
  EXPECT_EQ(threads.physical_cores, 2u);
}

TEST(ThreadsInEffect, UnsetStagesRunWithGenaisDefault) {
  auto threads = genai_threads_in_effect(std::nullopt, {{"decoder", std::nullopt}}, machine(8, 4));
  EXPECT_EQ(threads.requested, std::nullopt);
  EXPECT_EQ(threads.source, "runtime default");
  EXPECT_EQ(threads.intra_op_threads, 4);
  EXPECT_EQ(threads.runtime_default_rule, "GenAI takes half the logical cores, 1 to 16");
}

TEST(ThreadsInEffect, StagesThatDifferAreReportedOneByOne) {
  auto threads =
      genai_threads_in_effect(std::nullopt, {{"embed", std::nullopt}, {"ctx", 2}, {"iter", 0}}, machine(2, 2));
  EXPECT_EQ(threads.source, "mixed");
  EXPECT_EQ(threads.intra_op_threads, std::nullopt);
  ASSERT_EQ(threads.stages.size(), 3u);
  EXPECT_EQ(threads.stages[0].intra_op_threads, 1);
  EXPECT_EQ(threads.stages[0].source, "runtime default");
  EXPECT_EQ(threads.stages[1].intra_op_threads, 2);
  EXPECT_EQ(threads.stages[1].source, "bundle");
  EXPECT_EQ(threads.stages[2].intra_op_threads, 2);  // 0 in the bundle: ONNX Runtime's default
  EXPECT_EQ(threads.stages[2].source, "bundle");
}

TEST(ThreadsInEffect, SameCountFromDifferentSourcesIsMixed) {
  auto threads = genai_threads_in_effect(std::nullopt, {{"embed", std::nullopt}, {"ctx", 1}}, machine(2, 2));
  EXPECT_EQ(threads.source, "mixed");
  EXPECT_EQ(threads.intra_op_threads, 1);
}

TEST(ThreadsInEffect, SingleModel) {
  auto given = onnx_threads_in_effect(3, machine(8, 4));
  EXPECT_EQ(given.source, "--threads");
  EXPECT_EQ(given.intra_op_threads, 3);
  ASSERT_EQ(given.stages.size(), 1u);
  EXPECT_EQ(given.stages[0].stage, "model");
  auto unset = onnx_threads_in_effect(std::nullopt, machine(8, 4));
  EXPECT_EQ(unset.source, "runtime default");
  EXPECT_EQ(unset.intra_op_threads, 4);
  EXPECT_EQ(unset.runtime_default_rule, "ONNX Runtime takes one per physical core");
}

}  // namespace
}  // namespace winml::perf
