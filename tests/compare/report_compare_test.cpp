// perf compare's verdicts on constructed reports: the same data is no change, a copy whose
// timings are 20 % longer is significantly slower (and trips --fail-if-slower 5), a shift smaller
// than the noise is not significant; rows of sweeps pair on their identity, reports that measure
// different work are refused unless forced.
#include "compare/report_compare.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "compare/compare_match.h"
#include "test_support/compare_fixtures.h"
#include "winml/errors.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;
using testing::document;
using testing::genai_result;
using ::testing::HasSubstr;
using testing::onnx_results;

const MetricComparison& metric(const Comparison& c, const std::string& key, std::size_t row = 0) {
  for (const MetricComparison& m : c.reports.at(0).rows.at(row).metrics) {
    if (m.metric.key == key) return m;
  }
  throw std::out_of_range(key);
}

TEST(Compare, SameDataIsNoChange) {
  const Comparison c = compare_reports(
      {document("base.json", Json::array({genai_result(1)})), document("new.json", Json::array({genai_result(1)}))},
      false);
  for (const char* key : {"ttft_ms", "tpot_ms", "decode_tokens_per_s", "prefill_tokens_per_s", "total_ms"}) {
    const MetricComparison& m = metric(c, key);
    EXPECT_EQ(m.verdict, Verdict::unchanged) << key;
    EXPECT_NEAR(*m.change_percent(), 0.0, 1e-9) << key;
    EXPECT_EQ(m.base.count, 8u) << key;
  }
  EXPECT_TRUE(regressions(c, 5).empty());
  EXPECT_TRUE(c.reports[0].settings.empty());
  EXPECT_TRUE(c.reports[0].keys.empty());
}

// Every timing 20 % longer: times +20 %, rates −16.7 %, all significantly slower; the gate at 5 %
// names both primary metrics (TTFT and decode tokens/s) and not the others.
TEST(Compare, TwentyPercentLongerIsSignificantlySlower) {
  const Comparison c = compare_reports(
      {document("base.json", Json::array({genai_result(1)})), document("new.json", Json::array({genai_result(1.2)}))},
      false);
  for (const char* key : {"ttft_ms", "tpot_ms", "total_ms"}) {
    EXPECT_EQ(metric(c, key).verdict, Verdict::slower) << key;
    EXPECT_NEAR(*metric(c, key).change_percent(), 20.0, 1e-9) << key;
  }
  for (const char* key : {"decode_tokens_per_s", "prefill_tokens_per_s"}) {
    EXPECT_EQ(metric(c, key).verdict, Verdict::slower) << key;
    EXPECT_NEAR(*metric(c, key).change_percent(), -100.0 / 6, 1e-6) << key;
    EXPECT_NEAR(*metric(c, key).slower_percent(), 100.0 / 6, 1e-6) << key;
  }
  const MetricComparison& ttft = metric(c, "ttft_ms");
  ASSERT_TRUE(ttft.test && ttft.test->ratio_low);
  EXPECT_LT(*ttft.test->ratio_low, 1.2);
  EXPECT_GT(*ttft.test->ratio_high, 1.2);
  EXPECT_GT(*ttft.test->ratio_low, 1.0);
  const std::vector<Regression> found = regressions(c, 5);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].metric->metric.key, "ttft_ms");
  EXPECT_EQ(found[1].metric->metric.key, "decode_tokens_per_s");
  EXPECT_TRUE(regressions(c, 25).empty()) << "20 % is within a 25 % gate";
  // The other way round it is faster, and no gate trips.
  const Comparison back = compare_reports(
      {document("base.json", Json::array({genai_result(1.2)})), document("new.json", Json::array({genai_result(1)}))},
      false);
  EXPECT_EQ(metric(back, "ttft_ms").verdict, Verdict::faster);
  EXPECT_EQ(metric(back, "decode_tokens_per_s").verdict, Verdict::faster);
  EXPECT_TRUE(regressions(back, 0).empty());
}

// 0.3 % slower against about 1.5 % of noise: not significant, and no gate trips, even at 0 %.
TEST(Compare, ShiftSmallerThanTheNoiseIsNoChange) {
  const Comparison c = compare_reports(
      {document("base.json", Json::array({genai_result(1)})), document("new.json", Json::array({genai_result(1.003)}))},
      false);
  EXPECT_EQ(metric(c, "ttft_ms").verdict, Verdict::unchanged);
  EXPECT_EQ(metric(c, "decode_tokens_per_s").verdict, Verdict::unchanged);
  EXPECT_NEAR(*metric(c, "ttft_ms").change_percent(), 0.3, 1e-9);
  EXPECT_TRUE(regressions(c, 0).empty());
}

// Peak RSS is one number per run: its change is shown, but no test is run on it.
TEST(Compare, OneSampleHasNoVerdict) {
  const Comparison c = compare_reports(
      {document("base.json", Json::array({genai_result(1)})), document("new.json", Json::array({genai_result(1.2)}))},
      false);
  const MetricComparison& rss = metric(c, "peak_rss_bytes");
  EXPECT_EQ(rss.verdict, Verdict::one_sample);
  EXPECT_FALSE(rss.test.has_value());
  EXPECT_NEAR(*rss.change_percent(), 20.0, 1e-9);
  EXPECT_EQ(verdict_name(rss.verdict), "n/a (one sample)");
}

TEST(Compare, IterationsWithoutDecodeStepsHaveNoDecodeSamples) {
  Json base = genai_result(1);
  for (Json& it : base["samples"]["timed"]) it["decode_ms"] = Json::array();
  const Comparison c =
      compare_reports({document("base.json", Json::array({base})), document("new.json", Json::array({base}))}, false);
  EXPECT_EQ(metric(c, "decode_tokens_per_s").verdict, Verdict::no_samples);
  EXPECT_EQ(metric(c, "tpot_ms").verdict, Verdict::no_samples);
  EXPECT_FALSE(metric(c, "tpot_ms").change_percent().has_value());
}

// Plain runs that differ in their thread count compare: that difference is what is measured.
TEST(Compare, ThreadCountsOfPlainRunsAreTheSettingCompared) {
  const Comparison c = compare_reports({document("base.json", Json::array({genai_result(1, 1)})),
                                        document("new.json", Json::array({genai_result(0.8, 2)}))},
                                       false);
  ASSERT_EQ(c.reports[0].rows.size(), 1u);
  EXPECT_TRUE(c.reports[0].keys.empty());
  EXPECT_THAT(c.reports[0].settings, ::testing::Contains("threads: 1 in base.json, 2 in new.json"));
  EXPECT_EQ(metric(c, "ttft_ms").verdict, Verdict::faster);
}

// A sweep's rows pair on the identity fields that vary; rows on one side only are listed.
TEST(Compare, SweepRowsPairOnTheirIdentity) {
  const Json base =
      Json::array({genai_result(1, 1, 16), genai_result(1, 1, 64), genai_result(1, 2, 16), genai_result(1, 2, 64)});
  const Json next =
      Json::array({genai_result(1.2, 2, 64), genai_result(1, 1, 16), genai_result(1, 2, 16), genai_result(1, 1, 128)});
  const Comparison c = compare_reports({document("base.json", base), document("new.json", next)}, false);
  const ReportComparison& r = c.reports[0];
  EXPECT_EQ(r.keys, (std::vector<std::string>{"threads", "prompt_tokens"}));
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(identity_label(r.rows[0].identity), "threads=1 prompt_tokens=16");
  EXPECT_EQ(identity_label(r.rows[1].identity), "threads=2 prompt_tokens=16");
  EXPECT_EQ(identity_label(r.rows[2].identity), "threads=2 prompt_tokens=64");
  EXPECT_EQ(metric(c, "ttft_ms", 0).verdict, Verdict::unchanged);
  EXPECT_EQ(metric(c, "ttft_ms", 2).verdict, Verdict::slower);
  ASSERT_EQ(r.only_in_base.size(), 1u);
  EXPECT_EQ(identity_label(r.only_in_base[0]), "threads=1 prompt_tokens=64");
  ASSERT_EQ(r.only_in_new.size(), 1u);
  EXPECT_EQ(identity_label(r.only_in_new[0]), "threads=1 prompt_tokens=128");
  EXPECT_TRUE(r.incompatible.empty());
}

// Another bundle and another prompt length: refused with every difference, unless forced.
TEST(Compare, DifferentWorkIsRefusedUnlessForced) {
  const std::vector<PerfReportDocument> docs = {document("base.json", Json::array({genai_result(1, 1, 16)})),
                                                document("new.json", Json::array({genai_result(1, 1, 64, "/m/big")}))};
  try {
    compare_reports(docs, false);
    FAIL() << "expected a UsageError";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_THAT(message, HasSubstr("do not measure the same work"));
    EXPECT_THAT(message, HasSubstr("bundle: tiny in base.json, big in new.json"));
    EXPECT_THAT(message, HasSubstr("prompt_tokens: 16 in base.json, 64 in new.json"));
    EXPECT_THAT(message, HasSubstr("--force"));
  }
  const Comparison forced = compare_reports(docs, true);
  EXPECT_THAT(forced.reports[0].incompatible, ::testing::Contains("bundle: tiny in base.json, big in new.json"));
  EXPECT_EQ(forced.reports[0].rows.size(), 1u);
}

TEST(Compare, SweepsWithNoCommonRowAreRefusedEvenForced) {
  const std::vector<PerfReportDocument> docs = {
      document("base.json", Json::array({genai_result(1, 1, 16), genai_result(1, 1, 32)})),
      document("new.json", Json::array({genai_result(1, 1, 64), genai_result(1, 1, 128)}))};
  EXPECT_THROW(compare_reports(docs, true), UsageError);
}

TEST(Compare, RefusesOneReportAndMixedKinds) {
  EXPECT_THROW(compare_reports({document("base.json", Json::array({genai_result(1)}))}, false), UsageError);
  const Json onnx = {
      {"config", {{"model", "/m/a.onnx"}}}, {"metrics", Json::object()}, {"samples", {{"timed_ms", {1.0, 1.1}}}}};
  try {
    compare_reports(
        {document("base.json", Json::array({genai_result(1)})), document("new.json", Json::array({onnx}), "onnx")},
        true);
    FAIL() << "expected a UsageError";
  } catch (const UsageError& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("compare reports of one kind"));
  }
}

// A single model: latency is the primary metric; each later report is compared with the base.
TEST(Compare, SingleModelLatencyAgainstTheBaseForEachLaterReport) {
  auto onnx = [](double scale) { return onnx_results(scale); };
  const Comparison c = compare_reports(
      {document("a.json", onnx(1), "onnx"), document("b.json", onnx(1), "onnx"), document("c.json", onnx(1.2), "onnx")},
      false);
  ASSERT_EQ(c.reports.size(), 2u);
  EXPECT_EQ(c.reports[1].base_source, "a.json");
  EXPECT_EQ(c.reports[1].new_source, "c.json");
  EXPECT_EQ(c.reports[0].rows[0].metrics[0].metric.key, "latency_ms");
  EXPECT_EQ(c.reports[0].rows[0].metrics[0].verdict, Verdict::unchanged);
  EXPECT_EQ(c.reports[1].rows[0].metrics[0].verdict, Verdict::slower);
  EXPECT_EQ(c.reports[1].rows[0].metrics[1].verdict, Verdict::no_samples) << "peak RSS 0: not measured";
  const std::vector<Regression> found = regressions(c, 5);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].new_source, "c.json");
}

// A candidate with one timed iteration, or none, cannot be tested: the gate says so instead of passing.
TEST(Compare, PrimaryMetricsWithoutATestAreUnjudged) {
  Json one = genai_result(1.5);
  one["samples"]["timed"] = Json::array({one["samples"]["timed"][0]});
  Json none = genai_result(1.5);
  none["samples"]["timed"] = Json::array();
  const Comparison c =
      compare_reports({document("base.json", Json::array({genai_result(1)})), document("one.json", Json::array({one})),
                       document("none.json", Json::array({none}))},
                      false);
  EXPECT_TRUE(regressions(c, 0).empty()) << "no test, so no regression";
  const std::vector<Regression> open = unjudged(c);
  ASSERT_EQ(open.size(), 4u) << "TTFT and decode tok/s of each candidate";
  EXPECT_EQ(open[0].new_source, "one.json");
  EXPECT_EQ(open[0].metric->metric.key, "ttft_ms");
  EXPECT_EQ(unjudged_reason(*open[0].metric), "8 base and 1 new samples; a test needs at least 2 on each side");
  EXPECT_EQ(open[2].new_source, "none.json");
  EXPECT_EQ(unjudged_reason(*open[2].metric), "8 base and 0 new samples; a test needs at least 2 on each side");
  // Peak RSS has one sample on each side but is not primary: it never gates.
  for (const Regression& r : open) EXPECT_TRUE(r.metric->metric.primary);
}

TEST(Compare, TestedMetricsLeaveNothingUnjudged) {
  const Comparison c = compare_reports(
      {document("base.json", Json::array({genai_result(1)})), document("new.json", Json::array({genai_result(1.2)}))},
      false);
  EXPECT_TRUE(unjudged(c).empty());
  EXPECT_EQ(regressions(c, 5).size(), 2u);
}

TEST(Compare, AZeroBaseIsUnjudged) {
  Json zero = onnx_results(1);
  for (Json& v : zero[0]["samples"]["timed_ms"]) v = 0;
  const Comparison c =
      compare_reports({document("a.json", zero, "onnx"), document("b.json", onnx_results(1), "onnx")}, false);
  const std::vector<Regression> open = unjudged(c);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(unjudged_reason(*open[0].metric), "the base mean is 0, so there is no relative change");
}

}  // namespace
}  // namespace winml::report
