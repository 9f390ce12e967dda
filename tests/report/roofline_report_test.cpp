#include "report/roofline_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace winml::report {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

// A decode of 1 GB per step in `step_s`, against a probed limit of 20 GB/s.
perf::GenaiRoofline decode_of(double step_s) {
  perf::GenaiRoofline r;
  perf::RooflineMetrics& m = r.metrics;
  m.bytes_per_step = 1e9;
  m.decode_step_s = step_s;
  m.decode_gb_per_s = m.bytes_per_step / step_s / 1e9;
  m.limit_gb_per_s = 20.0;
  m.fraction_of_limit = m.decode_gb_per_s / *m.limit_gb_per_s;
  return r;
}

TEST(RooflineReport, DecodeBelowTheLimitIsAFractionOfIt) {
  const perf::GenaiRoofline r = decode_of(0.1);  // 10 GB/s
  EXPECT_EQ(roofline_decode_text(r),
            "decode 10.0 GB/s = 50 % of the 20.0 GB/s read bandwidth measured around this run (1.00 GB per step)");
  EXPECT_EQ(roofline_decode_cell(r), "10.0 = 50 %");
}

TEST(RooflineReport, DecodeAboveTheLimitSaysTheBytesCameFromCache) {
  const perf::GenaiRoofline r = decode_of(0.025);  // 40 GB/s, twice what memory delivered
  EXPECT_THAT(roofline_decode_text(r), HasSubstr("= 200 % of the 20.0 GB/s"));
  EXPECT_THAT(roofline_decode_text(r), EndsWith("stays in cache between steps: decode is not memory-bound"));
  EXPECT_EQ(roofline_decode_cell(r), "40.0 = 200 % (in cache)");
}

TEST(RooflineReport, DecodeAtTheLimitIsNotCalledCached) {
  const perf::GenaiRoofline r = decode_of(0.05);  // exactly 20 GB/s
  EXPECT_THAT(roofline_decode_text(r), Not(HasSubstr("cache")));
  EXPECT_EQ(roofline_decode_cell(r), "20.0 = 100 %");
}

TEST(RooflineReport, UnprobedDecodeHasNoFraction) {
  perf::GenaiRoofline r = decode_of(0.025);
  r.metrics.limit_gb_per_s.reset();
  r.metrics.fraction_of_limit.reset();
  EXPECT_THAT(roofline_decode_text(r), HasSubstr("not probed"));
  EXPECT_EQ(roofline_decode_cell(r), "40.0");
}

}  // namespace
}  // namespace winml::report
