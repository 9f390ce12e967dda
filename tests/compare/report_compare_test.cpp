// perf compare's verdicts on reports the real writer wrote (tests/report/golden): a report is no
// change against itself, a copy whose timings are 20 % longer is significantly slower (and trips
// --fail-if-slower 5), a shift smaller than the noise is not significant; rows of sweeps pair on
// their identity, reports that measure different work are refused unless forced, and a report a
// tool rewrote with its keys sorted compares with its original.
#include "compare/report_compare.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "compare/compare_match.h"
#include "compare/gate.h"
#include "document/perf_report_document.h"
#include "test_support/golden_reports.h"
#include "winml/errors.h"

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;
using Report = document::PerfReportDocument;
using testing::golden_report;
using ::testing::HasSubstr;
using testing::scaled_golden;

const MetricComparison& metric(const Comparison& c, const std::string& key, std::size_t row = 0) {
  for (const MetricComparison& m : c.reports.at(0).rows.at(row).metrics) {
    if (m.metric.key == key) return m;
  }
  throw std::out_of_range(key);
}

Comparison genai_scaled(double base_factor, double new_factor) {
  return compare_reports(
      {scaled_golden("genai.json", "base.json", base_factor), scaled_golden("genai.json", "new.json", new_factor)},
      false);
}

// The golden report holding only result `index` of `report`: one plain run of a sweep.
Report only_result(Report report, std::size_t index, const std::string& source) {
  report.results = Json::array({report.results.at(index)});
  report.source = source;
  return report;
}

TEST(Compare, SameDataIsNoChange) {
  const Comparison c = genai_scaled(1, 1);
  for (const char* key : {"ttft_ms", "tpot_ms", "decode_tokens_per_s", "prefill_tokens_per_s", "total_ms"}) {
    const MetricComparison& m = metric(c, key);
    EXPECT_EQ(m.verdict, Verdict::unchanged) << key;
    EXPECT_NEAR(*m.change_percent(), 0.0, 1e-9) << key;
    EXPECT_EQ(m.base.count, 3u) << key;
  }
  EXPECT_TRUE(regressions(c, 5).empty());
  EXPECT_TRUE(c.reports[0].settings.empty());
  EXPECT_TRUE(c.reports[0].keys.empty());
}

// Every timing 20 % longer: times +20 %, rates −16.7 %, significantly slower; the gate at 5 %
// names both primary metrics (TTFT and decode tokens/s) and not the others.
TEST(Compare, TwentyPercentLongerIsSignificantlySlower) {
  const Comparison c = genai_scaled(1, 1.2);
  for (const char* key : {"ttft_ms", "tpot_ms"}) {
    EXPECT_EQ(metric(c, key).verdict, Verdict::slower) << key;
    EXPECT_NEAR(*metric(c, key).change_percent(), 20.0, 1e-9) << key;
  }
  EXPECT_NEAR(*metric(c, "total_ms").change_percent(), 20.0, 1e-9);
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
  const Comparison back = genai_scaled(1.2, 1);
  EXPECT_EQ(metric(back, "ttft_ms").verdict, Verdict::faster);
  EXPECT_EQ(metric(back, "decode_tokens_per_s").verdict, Verdict::faster);
  EXPECT_TRUE(regressions(back, 0).empty());
}

// 0.3 % slower against about 2 % of noise: not significant, and no gate trips, even at 0 %.
TEST(Compare, ShiftSmallerThanTheNoiseIsNoChange) {
  const Comparison c = genai_scaled(1, 1.003);
  EXPECT_EQ(metric(c, "ttft_ms").verdict, Verdict::unchanged);
  EXPECT_EQ(metric(c, "decode_tokens_per_s").verdict, Verdict::unchanged);
  EXPECT_NEAR(*metric(c, "ttft_ms").change_percent(), 0.3, 1e-9);
  EXPECT_TRUE(regressions(c, 0).empty());
}

// Peak RSS is one number per run: its change is shown, but no test is run on it.
TEST(Compare, OneSampleHasNoVerdict) {
  const Comparison c = genai_scaled(1, 1.2);
  const MetricComparison& rss = metric(c, "peak_rss_bytes");
  EXPECT_EQ(rss.verdict, Verdict::one_sample);
  EXPECT_FALSE(rss.test.has_value());
  EXPECT_NEAR(*rss.change_percent(), 20.0, 1e-9);
  EXPECT_EQ(verdict_name(rss.verdict), "n/a (one sample)");
}

TEST(Compare, IterationsWithoutDecodeStepsHaveNoDecodeSamples) {
  Report base = golden_report("genai.json", "base.json");
  for (Json& it : base.results[0]["samples"]["timed"]) it["decode_ms"] = Json::array();
  Report next = base;
  next.source = "new.json";
  const Comparison c = compare_reports({base, next}, false);
  EXPECT_EQ(metric(c, "decode_tokens_per_s").verdict, Verdict::no_samples);
  EXPECT_EQ(metric(c, "tpot_ms").verdict, Verdict::no_samples);
  EXPECT_FALSE(metric(c, "tpot_ms").change_percent().has_value());
}

// Plain runs that differ in their thread count compare: that difference is what is measured, and
// the comparison is named for it.
TEST(Compare, ThreadCountsOfPlainRunsAreTheSettingCompared) {
  const Report sweep = golden_report("genai_sweep.json", "sweep.json");
  // Results 0 and 2 of the sweep: 16 prompt tokens on 1 and on 2 threads.
  const Comparison c = compare_reports({only_result(sweep, 0, "base.json"), only_result(sweep, 2, "new.json")}, false);
  const ReportComparison& r = c.reports[0];
  ASSERT_EQ(r.rows.size(), 1u);
  EXPECT_TRUE(r.keys.empty());
  ASSERT_EQ(r.compared.size(), 1u);
  EXPECT_EQ(setting_change_text(r.compared[0]), "threads 1 → 2");
  EXPECT_EQ(compared_subject(r.compared), "thread counts");
  EXPECT_EQ(r.base_label, "threads=1");
  EXPECT_EQ(r.new_label, "threads=2");
  EXPECT_TRUE(r.settings.empty());
  EXPECT_TRUE(r.incompatible.empty());
}

// The same bundle on another EP and device (and compiled): a device comparison, no --force. Its
// greedy ids are still checked against the base's, and each metric has its ratio.
TEST(Compare, AnotherEpAndDeviceIsADeviceComparison) {
  const Report base = golden_report("genai.json", "cpu.json");
  Report next = scaled_golden("genai.json", "npu.json", 0.5);
  next.results[0]["config"]["ep"] = "winmltestep";
  next.results[0]["config"]["device"] = "npu";
  next.results[0]["config"]["compile"] = true;
  const Comparison c = compare_reports({base, next}, false);
  const ReportComparison& r = c.reports[0];
  EXPECT_TRUE(r.incompatible.empty());
  ASSERT_EQ(r.compared.size(), 3u);
  EXPECT_EQ(setting_change_text(r.compared[0]), "ep config → winmltestep");
  EXPECT_EQ(setting_change_text(r.compared[1]), "device config → npu");
  EXPECT_EQ(setting_change_text(r.compared[2]), "compile false → true");
  EXPECT_EQ(compared_subject(r.compared), "devices and compile settings");
  EXPECT_EQ(r.base_label, "ep=config device=config compile=false");
  EXPECT_EQ(r.new_label, "ep=winmltestep device=npu compile=true");
  ASSERT_TRUE(r.rows.at(0).agreement.has_value());
  EXPECT_EQ(r.rows[0].agreement->status, perf::AgreementStatus::identical);
  const MetricComparison& ttft = metric(c, "ttft_ms");
  EXPECT_NEAR(*ttft.ratio(), 0.5, 1e-9);
  EXPECT_EQ(ttft.verdict, Verdict::faster);
}

// Two sweeps, one per device: their rows pair on the axes that remain (threads, prompt_tokens),
// and the device is named once.
TEST(Compare, DeviceSweepsPairOnTheRemainingAxes) {
  const Report base = golden_report("genai_sweep.json", "cpu.json");
  Report next = golden_report("genai_sweep.json", "npu.json");
  for (Json& result : next.results) result["config"]["ep"] = "winmltestep";
  const Comparison c = compare_reports({base, next}, false);
  const ReportComparison& r = c.reports[0];
  EXPECT_EQ(r.keys, (std::vector<std::string>{"threads", "prompt_tokens"}));
  EXPECT_EQ(r.rows.size(), 4u);
  ASSERT_EQ(r.compared.size(), 1u);
  EXPECT_EQ(setting_change_text(r.compared[0]), "ep cpu → winmltestep");
  EXPECT_EQ(r.new_label, "ep=winmltestep");
  EXPECT_TRUE(r.only_in_base.empty());
}

// Another device does not make other work comparable: another prompt length is still refused, and
// the message names the flag to rerun with.
TEST(Compare, AnotherDeviceWithAnotherPromptLengthIsStillRefused) {
  const Report base = golden_report("genai.json", "cpu.json");
  Report next = golden_report("genai.json", "npu.json");
  next.results[0]["config"]["ep"] = "winmltestep";
  next.results[0]["config"]["prompt_tokens"] = 64;
  try {
    compare_reports({base, next}, false);
    FAIL() << "expected a UsageError";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_THAT(message, HasSubstr("prompt_tokens: 23 in cpu.json, 64 in npu.json"));
    EXPECT_THAT(message, ::testing::Not(HasSubstr("ep:")));
    EXPECT_THAT(message, HasSubstr("Measure both with the same --prompt-tokens"));
    EXPECT_THAT(message, HasSubstr("or pass --force"));
  }
}

// The power source and mode are among the settings a comparison lists; the battery level alone is
// not (it changes from run to run), and a report written before winml recorded power says nothing.
TEST(Compare, PowerSourceAndModeDifferencesAreListed) {
  Report base = golden_report("genai.json", "base.json");  // on battery at 43 %, balanced
  Report next = base;
  next.source = "new.json";
  next.results[0]["machine"]["power"] = {{"source", "ac"}, {"battery_percent", 44.0}, {"mode", "best performance"}};
  const Comparison c = compare_reports({base, next}, false);
  EXPECT_THAT(c.reports[0].settings,
              ::testing::ElementsAre("power_source: battery in base.json, ac in new.json",
                                     "power_mode: balanced in base.json, best performance in new.json"));
  EXPECT_TRUE(c.reports[0].incompatible.empty());

  Report level_only = base;
  level_only.source = "new.json";
  level_only.results[0]["machine"]["power"]["battery_percent"] = 12.0;
  EXPECT_TRUE(compare_reports({base, level_only}, false).reports[0].settings.empty());

  Report older = base;
  older.source = "new.json";
  older.results[0]["machine"].erase("power");
  EXPECT_TRUE(compare_reports({base, older}, false).reports[0].settings.empty());
}

// A sweep's rows pair on the identity fields that vary, whatever their order; rows on one side
// only are listed.
TEST(Compare, SweepRowsPairOnTheirIdentity) {
  const Report base = golden_report("genai_sweep.json", "base.json");  // t1 p16, t1 p64, t2 p16, t2 p64
  Report next = base;
  next.source = "new.json";
  Json longer = base.results[1];
  longer["config"]["prompt_tokens"] = 128;
  next.results = Json::array({base.results[3], base.results[0], base.results[2], longer});
  const Comparison c = compare_reports({base, next}, false);
  const ReportComparison& r = c.reports[0];
  EXPECT_EQ(r.keys, (std::vector<std::string>{"threads", "prompt_tokens"}));
  ASSERT_EQ(r.rows.size(), 3u);
  EXPECT_EQ(identity_label(r.rows[0].identity), "threads=1 prompt_tokens=16");
  EXPECT_EQ(identity_label(r.rows[1].identity), "threads=2 prompt_tokens=16");
  EXPECT_EQ(identity_label(r.rows[2].identity), "threads=2 prompt_tokens=64");
  EXPECT_EQ(metric(c, "ttft_ms", 0).verdict, Verdict::unchanged) << "the same samples";
  ASSERT_EQ(r.only_in_base.size(), 1u);
  EXPECT_EQ(identity_label(r.only_in_base[0]), "threads=1 prompt_tokens=64");
  ASSERT_EQ(r.only_in_new.size(), 1u);
  EXPECT_EQ(identity_label(r.only_in_new[0]), "threads=1 prompt_tokens=128");
  EXPECT_TRUE(r.incompatible.empty());
}

// Another bundle and another prompt length: refused with every difference, unless forced.
TEST(Compare, DifferentWorkIsRefusedUnlessForced) {
  const Report base = golden_report("genai.json", "base.json");
  Report next = golden_report("genai.json", "new.json");
  next.results[0]["config"]["bundle"] = "/models/big";
  next.results[0]["config"]["prompt_tokens"] = 64;
  const std::vector<Report> docs = {base, next};
  try {
    compare_reports(docs, false);
    FAIL() << "expected a UsageError";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_THAT(message, HasSubstr("do not measure the same work"));
    EXPECT_THAT(message, HasSubstr("bundle: tiny-llama in base.json, big in new.json"));
    EXPECT_THAT(message, HasSubstr("prompt_tokens: 23 in base.json, 64 in new.json"));
    EXPECT_THAT(message, HasSubstr("--force"));
  }
  const Comparison forced = compare_reports(docs, true);
  EXPECT_THAT(forced.reports[0].incompatible, ::testing::Contains("bundle: tiny-llama in base.json, big in new.json"));
  EXPECT_EQ(forced.reports[0].rows.size(), 1u);
}

TEST(Compare, SweepsWithNoCommonRowAreRefusedEvenForced) {
  const Report base = golden_report("genai_sweep.json", "base.json");
  Report next = golden_report("genai_sweep.json", "new.json");
  for (Json& result : next.results)
    result["config"]["prompt_tokens"] = result["config"]["prompt_tokens"].get<int>() * 2;
  EXPECT_THROW(compare_reports({base, next}, true), UsageError);
}

TEST(Compare, RefusesOneReportAndMixedKinds) {
  EXPECT_THROW(compare_reports({golden_report("genai.json", "base.json")}, false), UsageError);
  try {
    compare_reports({golden_report("genai.json", "base.json"), golden_report("onnx.json", "new.json")}, true);
    FAIL() << "expected a UsageError";
  } catch (const UsageError& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("compare reports of one kind"));
  }
}

// A single model: latency is the primary metric; each later report is compared with the base.
TEST(Compare, SingleModelLatencyAgainstTheBaseForEachLaterReport) {
  const Comparison c =
      compare_reports({scaled_golden("onnx.json", "a.json", 1), scaled_golden("onnx.json", "b.json", 1),
                       scaled_golden("onnx.json", "c.json", 1.2)},
                      false);
  ASSERT_EQ(c.reports.size(), 2u);
  EXPECT_EQ(c.reports[1].base_source, "a.json");
  EXPECT_EQ(c.reports[1].new_source, "c.json");
  EXPECT_EQ(c.reports[0].rows[0].metrics[0].metric.key, "latency_ms");
  EXPECT_EQ(c.reports[0].rows[0].metrics[0].verdict, Verdict::unchanged);
  EXPECT_EQ(c.reports[1].rows[0].metrics[0].verdict, Verdict::slower);
  EXPECT_EQ(c.reports[1].rows[0].metrics[1].verdict, Verdict::one_sample) << "peak RSS: one number per run";
  const std::vector<Regression> found = regressions(c, 5);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].new_source, "c.json");
}

// A report whose keys a tool sorted (jq -S) is the same report: it compares with its original,
// nothing differs and nothing changes, for each kind and for a sweep.
TEST(Compare, AReportWithSortedKeysComparesWithItsOriginal) {
  for (const std::string name : {"genai.json", "onnx.json", "genai_sweep.json"}) {
    SCOPED_TRACE(name);
    const std::string text = testing::golden_report_text(name);
    const std::string sorted = testing::sorted_keys(text);
    ASSERT_NE(sorted, text) << "sorting must reorder something for this test to mean anything";
    const Report original = document::parse_perf_report(text, "original.json");
    const Report rewritten = document::parse_perf_report(sorted, "sorted.json");
    const Comparison c = compare_reports({original, rewritten}, false);
    const ReportComparison& r = c.reports.at(0);
    EXPECT_TRUE(r.incompatible.empty()) << r.incompatible.front();
    EXPECT_TRUE(r.settings.empty());
    EXPECT_EQ(r.rows.size(), original.results.size());
    for (const RowComparison& row : r.rows) {
      for (const MetricComparison& m : row.metrics) {
        EXPECT_NE(m.verdict, Verdict::slower) << m.metric.key;
        EXPECT_NE(m.verdict, Verdict::faster) << m.metric.key;
      }
    }
  }
}

// A candidate with one timed iteration, or none, cannot be tested: the gate says so instead of passing.
TEST(Compare, PrimaryMetricsWithoutATestAreUnjudged) {
  Report one = scaled_golden("genai.json", "one.json", 1.5);
  Json& one_timed = one.results[0]["samples"]["timed"];
  one_timed = Json::array({one_timed[0]});
  Report none = scaled_golden("genai.json", "none.json", 1.5);
  none.results[0]["samples"]["timed"] = Json::array();
  const Comparison c = compare_reports({golden_report("genai.json", "base.json"), one, none}, false);
  EXPECT_TRUE(regressions(c, 0).empty()) << "no test, so no regression";
  const std::vector<Regression> open = unjudged(c);
  ASSERT_EQ(open.size(), 4u) << "TTFT and decode tok/s of each candidate";
  EXPECT_EQ(open[0].new_source, "one.json");
  EXPECT_EQ(open[0].metric->metric.key, "ttft_ms");
  EXPECT_EQ(unjudged_reason(*open[0].metric), "3 base and 1 new samples; a test needs at least 2 on each side");
  EXPECT_EQ(open[2].new_source, "none.json");
  EXPECT_EQ(unjudged_reason(*open[2].metric), "3 base and 0 new samples; a test needs at least 2 on each side");
  // Peak RSS has one sample on each side but is not primary: it never gates.
  for (const Regression& r : open) EXPECT_TRUE(r.metric->metric.primary);
}

TEST(Compare, TestedMetricsLeaveNothingUnjudged) {
  const Comparison c = genai_scaled(1, 1.2);
  EXPECT_TRUE(unjudged(c).empty());
  EXPECT_EQ(regressions(c, 5).size(), 2u);
}

TEST(Compare, AZeroBaseIsUnjudged) {
  const Comparison c =
      compare_reports({scaled_golden("onnx.json", "a.json", 0), scaled_golden("onnx.json", "b.json", 1)}, false);
  const std::vector<Regression> open = unjudged(c);
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(unjudged_reason(*open[0].metric), "the base mean is 0, so there is no relative change");
}

// The greedy output of each new result against its base result's (docs/metrics.md, "Agreement").
TEST(Compare, GreedyIdsAreCheckedAgainstTheBase) {
  const Report base = golden_report("genai.json", "base.json");
  const Comparison same = compare_reports({base, golden_report("genai.json", "same.json")}, false);
  ASSERT_TRUE(same.reports[0].rows[0].agreement);
  EXPECT_EQ(same.reports[0].rows[0].agreement->status, perf::AgreementStatus::identical);

  Report parted = golden_report("genai.json", "parted.json");
  Json& output = parted.results[0]["output"];
  output["first_ids"][2] = 5;
  output["ids_digest"] = "0000000000000000";
  output["first_step_top"][0]["logit"] = output["first_step_top"][0]["logit"].get<double>() + 0.5;
  const Comparison c = compare_reports({base, parted}, false);
  const auto& a = c.reports[0].rows[0].agreement;
  ASSERT_TRUE(a);
  EXPECT_EQ(a->status, perf::AgreementStatus::diverged);
  EXPECT_EQ(a->diverges_at, 3);
  EXPECT_NEAR(*a->first_step_logit_diff, 0.5, 1e-6);

  Report sampled = golden_report("genai.json", "sampled.json");
  sampled.results[0]["output"]["decoding"] = "sampling";
  EXPECT_EQ(compare_reports({base, sampled}, false).reports[0].rows[0].agreement->status,
            perf::AgreementStatus::not_comparable);

  // A report from before the output record: no verdict rather than a wrong one.
  Report older = golden_report("genai.json", "older.json");
  older.results[0].erase("output");
  EXPECT_FALSE(compare_reports({base, older}, false).reports[0].rows[0].agreement);
}

TEST(Compare, GreedyIdsOfDifferentPromptsAreNotCompared) {
  Report other = golden_report("genai.json", "other.json");
  other.results[0]["config"]["prompt"] = "another prompt";
  const Comparison c = compare_reports({golden_report("genai.json", "base.json"), other}, true);
  ASSERT_TRUE(c.reports[0].rows[0].agreement);
  EXPECT_EQ(c.reports[0].rows[0].agreement->status, perf::AgreementStatus::not_comparable);
  EXPECT_EQ(perf::agreement_text(*c.reports[0].rows[0].agreement), "not comparable (different prompt or lengths)");
}

}  // namespace
}  // namespace winml::compare
