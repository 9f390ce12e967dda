#include "perf/interruption.h"

#include <gtest/gtest.h>

#include <vector>

namespace winml::perf {
namespace {

TEST(Interruption, CombinationsWithoutATimedIterationAreNotReported) {
  const std::vector<CombinationProgress> progress = {{4, 1, false}, {2, 1, true}, {0, 1, true}, {0, 0, false}};
  EXPECT_EQ(summarize_interruption(progress, 1), (Interruption{4, 2, 1}));
}

TEST(Interruption, ACombinationShortOfItsRoundsIsCutShort) {
  // Three rounds: the first combination ran two whole ones, the second all three.
  const std::vector<CombinationProgress> progress = {{6, 2, false}, {9, 3, false}};
  EXPECT_EQ(summarize_interruption(progress, 3), (Interruption{2, 2, 1}));
}

TEST(Interruption, StoppedWithEverythingDoneCutsNothingShort) {
  const std::vector<CombinationProgress> progress = {{3, 1, false}};
  EXPECT_EQ(summarize_interruption(progress, 1), (Interruption{1, 1, 0}));
}

}  // namespace
}  // namespace winml::perf
