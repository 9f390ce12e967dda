#include "report/roofline_report.h"

#include "perf/genai_roofline.h"

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

// A step that fits in the last-level cache is called in cache whatever the fraction, and a run
// whose probes were skipped for it says why and how to probe anyway.
TEST(RooflineReport, AStepThatFitsInCacheIsCalledInCache) {
  perf::GenaiRoofline r = decode_of(0.1);  // 10 GB/s = 50 %
  r.metrics.fits_in_cache = true;
  r.probes.last_level_cache_bytes = 32u << 20;
  EXPECT_THAT(roofline_decode_text(r), EndsWith("; in cache: what a step reads fits in the 32.0 MiB last-level cache, "
                                                "so decode is not memory-bound"));
  EXPECT_EQ(roofline_decode_cell(r), "10.0 = 50 % (in cache)");
  r.metrics.limit_gb_per_s.reset();
  r.metrics.fraction_of_limit.reset();
  r.probes.skipped = perf::ProbeSkip::in_cache;
  EXPECT_EQ(roofline_decode_text(r),
            "decode 10.0 GB/s (1.00 GB per step; in cache: what a step reads fits in the 32.0 MiB last-level cache, "
            "so decode is not memory-bound and the read bandwidth was not probed; --bandwidth-probe probes it)");
  EXPECT_EQ(roofline_decode_cell(r), "10.0 (in cache)");
  const auto json = roofline_json(r);
  EXPECT_EQ(json["decode"]["in_cache"], true);
  EXPECT_EQ(json["bandwidth_probes"]["skipped"], "in_cache");
  EXPECT_EQ(json["bandwidth_probes"]["last_level_cache_bytes"], 32u << 20);
}

// The int4 bundle: 499.7 MiB of weight files, 437.1 MiB peak RSS. The weights are mapped
// and paged in as read, so the parts exceed the whole: no "rest 0 B of the peak" that contradicts.
TEST(RooflineReport, WeightsAboveThePeakRssAreSaidNotAllResident) {
  perf::GenaiRoofline r;
  perf::RooflineMetrics& m = r.metrics;
  m.weights_bytes = 523'976'704;  // 499.7 MiB
  m.kv_cache_bytes = 1'258'291;   // 1.2 MiB
  m.longest_context_tokens = 80;
  perf::split_peak_rss(m, 458'332'160);  // 437.1 MiB
  EXPECT_TRUE(m.parts_exceed_peak_rss);
  const std::string text = roofline_memory_text(r);
  EXPECT_THAT(text, Not(HasSubstr("rest")));
  EXPECT_THAT(text, HasSubstr("weights file 499.7 MiB · KV cache 1.2 MiB at 80 tokens · peak RSS 437.1 MiB, below "
                              "them: the weights were not all resident"));
  EXPECT_EQ(roofline_json(r)["memory"]["rest_of_peak_rss_bytes"], nullptr);
  EXPECT_EQ(roofline_json(r)["memory"]["parts_exceed_peak_rss"], true);
}

TEST(RooflineReport, WeightsWithinThePeakRssLeaveARest) {
  perf::GenaiRoofline r;
  perf::RooflineMetrics& m = r.metrics;
  m.weights_bytes = 100 << 20;
  m.kv_cache_bytes = 1 << 20;
  m.longest_context_tokens = 8;
  perf::split_peak_rss(m, 150 << 20);
  EXPECT_FALSE(m.parts_exceed_peak_rss);
  EXPECT_THAT(roofline_memory_text(r), HasSubstr("rest 49.0 MiB of the 150.0 MiB peak RSS"));
}

}  // namespace
}  // namespace winml::report
