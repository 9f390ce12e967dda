#include "perf/arrivals.h"

#include <cmath>
#include <limits>
#include <numeric>

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::perf {
namespace {

// The coefficient of variation of the gaps between `times`.
double gap_cv(const std::vector<double>& times) {
  std::vector<double> gaps(times.size());
  std::adjacent_difference(times.begin(), times.end(), gaps.begin());
  const double mean = std::accumulate(gaps.begin(), gaps.end(), 0.0) / static_cast<double>(gaps.size());
  double squares = 0;
  for (double g : gaps) squares += (g - mean) * (g - mean);
  return std::sqrt(squares / static_cast<double>(gaps.size() - 1)) / mean;
}

TEST(Arrivals, TheSameSeedGivesTheSameTimes) {
  const ArrivalPattern pattern{4.0, 1.0, 42};
  EXPECT_EQ(arrival_times(50, pattern), arrival_times(50, pattern));
  EXPECT_NE(arrival_times(50, pattern), arrival_times(50, ArrivalPattern{4.0, 1.0, 43}));
}

TEST(Arrivals, TheMeanGapIsOneOverTheRateAtAnyBurstiness) {
  for (const double burstiness : {0.5, 1.0, 4.0}) {
    const std::vector<double> times = arrival_times(20'000, {5.0, burstiness, 7});
    EXPECT_TRUE(std::is_sorted(times.begin(), times.end()));
    EXPECT_NEAR(times.back() / 20'000, 0.2, 0.01) << "burstiness " << burstiness;
  }
}

TEST(Arrivals, BurstinessSetsHowUnevenTheGapsAre) {
  // A gamma gap's coefficient of variation is 1 / sqrt(shape): 1 for Poisson.
  EXPECT_NEAR(gap_cv(arrival_times(20'000, {5.0, 1.0, 1})), 1.0, 0.05);
  EXPECT_NEAR(gap_cv(arrival_times(20'000, {5.0, 4.0, 1})), 0.5, 0.05);
  EXPECT_NEAR(gap_cv(arrival_times(20'000, {5.0, 0.25, 1})), 2.0, 0.15);
}

TEST(Arrivals, AnInfiniteRateSendsEveryRequestAtOnce) {
  EXPECT_EQ(arrival_times(3, {std::numeric_limits<double>::infinity(), 1.0, 1}), (std::vector<double>{0, 0, 0}));
}

TEST(Arrivals, ARateOrBurstinessThatIsNotPositiveIsAUsageError) {
  EXPECT_THROW(arrival_times(3, {0.0, 1.0, 1}), UsageError);
  EXPECT_THROW(arrival_times(3, {-1.0, 1.0, 1}), UsageError);
  EXPECT_THROW(arrival_times(3, {std::nan(""), 1.0, 1}), UsageError);
  EXPECT_THROW(arrival_times(3, {1.0, 0.0, 1}), UsageError);
}

}  // namespace
}  // namespace winml::perf
