// The result record of what a run used (resources/resource_usage.h): names and derived figures.
#include "resources/resource_usage.h"

#include <gtest/gtest.h>

namespace winml::resources {
namespace {

TEST(ResourceUsage, EveryPhaseHasTheNameReportsUse) {
  EXPECT_EQ(usage_phase_name(UsagePhase::load), "load");
  EXPECT_EQ(usage_phase_name(UsagePhase::prefill), "prefill");
  EXPECT_EQ(usage_phase_name(UsagePhase::decode), "decode");
  EXPECT_EQ(usage_phase_name(UsagePhase::run), "run");
  EXPECT_EQ(usage_phase_name(UsagePhase::idle), "idle");
}

TEST(ResourceUsage, BusyCoresAreCpuSecondsPerWallSecond) {
  EXPECT_DOUBLE_EQ((PhaseCpu{UsagePhase::decode, 2.0, 3.0}).busy_cores(), 1.5);
  EXPECT_DOUBLE_EQ((PhaseCpu{UsagePhase::decode, 0.0, 3.0}).busy_cores(), 0.0);
  EXPECT_DOUBLE_EQ((PhaseEnergy{UsagePhase::prefill, 10.0, 4.0, {}}).average_w(), 2.5);
}

TEST(ResourceUsage, OtherLoadAboveItsThresholdIsNoisy) {
  EXPECT_TRUE((OtherLoad{0.9, 2, 0.25}).noisy());
  EXPECT_FALSE((OtherLoad{0.1, 2, 0.25}).noisy());
}

}  // namespace
}  // namespace winml::resources
