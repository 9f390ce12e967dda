#include "run_interrupted.h"

#include <gtest/gtest.h>

#include <string>

namespace winml::cli {
namespace {

std::string interruption_message(const std::optional<perf::Interruption>& interrupted) {
  try {
    finish_interrupted_run(interrupted);
  } catch (const RunInterrupted& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

TEST(RunInterrupted, AFinishedRunGoesOn) {
  EXPECT_NO_THROW(finish_interrupted_run(std::nullopt));
  EXPECT_NO_THROW(refuse_empty_interrupted_run(std::nullopt, 0));
}

TEST(RunInterrupted, APlainRunSaysItKeptTheIterationsThatFinished) {
  EXPECT_EQ(
      interruption_message(perf::Interruption{1, 1, 1}),
      "interrupted (Ctrl-C): the report holds the run, with the iterations that finished, marked \"interrupted\"");
}

TEST(RunInterrupted, ASweepSaysHowManyCombinationsItKept) {
  EXPECT_EQ(interruption_message(perf::Interruption{4, 2, 1}),
            "interrupted (Ctrl-C): the report holds 2 of 4 combinations, 1 of them with only the iterations that "
            "finished, marked \"interrupted\"");
  EXPECT_EQ(interruption_message(perf::Interruption{4, 4, 0}),
            "interrupted (Ctrl-C): the report holds 4 of 4 combinations, marked \"interrupted\"");
}

TEST(RunInterrupted, NothingMeasuredIsRefusedBeforeAnythingIsWritten) {
  EXPECT_THROW(refuse_empty_interrupted_run(perf::Interruption{3, 0, 0}, 0), RunInterrupted);
  EXPECT_NO_THROW(refuse_empty_interrupted_run(perf::Interruption{3, 1, 1}, 1));
}

TEST(RunInterrupted, ExitsAsAShellReportsCtrlC) { EXPECT_EQ(kExitInterrupted, 128 + 2); }

}  // namespace
}  // namespace winml::cli
