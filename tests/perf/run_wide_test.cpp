#include "perf/run_wide.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

TEST(RunWide, CarriesTheRequestsSettingsAndTheStart) {
  const RunWide run = run_wide({90, 99}, 3, 0.5, "2026-07-10T14:30:05+00:00");
  EXPECT_EQ(run.percentiles, (std::vector<double>{90, 99}));
  EXPECT_EQ(run.rounds, 3u);
  EXPECT_EQ(run.delay_s, 0.5);
  EXPECT_EQ(run.timestamp, "2026-07-10T14:30:05+00:00");
  EXPECT_EQ(run.threads.intra_op_threads, std::nullopt);  // filled once a session reports its threads
}

TEST(RunWide, DefaultsAreOneRoundWithoutDelayAndTheDefaultPercentiles) {
  const RunWide run;
  EXPECT_EQ(run.rounds, 1u);
  EXPECT_EQ(run.delay_s, 0);
  EXPECT_EQ(run.percentiles, default_percentiles());
}

}  // namespace
}  // namespace winml::perf
