// The console block of what a run used.
#include "report/resources_text.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "resources_fixture.h"

namespace winml::report::text {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string plain_block(const resources::ResourceUsage& usage) { return resources_text(usage, 2, Style::make(false)); }

TEST(ResourcesText, EmptyWhenNotSampled) { EXPECT_EQ(plain_block({}), ""); }

TEST(ResourcesText, CpuByPhaseWithShareOfCores) {
  const std::string text = plain_block(testing::genai_usage_fixture());
  EXPECT_THAT(text, HasSubstr("decode: 1.80 busy cores (90 % of 2 cores)"));
  EXPECT_THAT(text, HasSubstr("load: 0.98 busy cores (49 % of 2 cores)"));
}

TEST(ResourcesText, NoisyOtherLoadSaysSo) {
  EXPECT_THAT(plain_block(testing::genai_usage_fixture()),
              HasSubstr("other processes used 0.90 of 2 cores during the timed runs: results are noisy"));
  EXPECT_THAT(plain_block(testing::onnx_usage_fixture()), Not(HasSubstr("results are noisy")));
}

TEST(ResourcesText, PeakRssWithPhaseAndTime) {
  EXPECT_THAT(plain_block(testing::genai_usage_fixture()), HasSubstr("at 1.30 s (warmup)"));
  resources::ResourceUsage between = testing::genai_usage_fixture();
  between.rss_peak.phase.reset();
  EXPECT_THAT(plain_block(between), HasSubstr("(between phases)"));
}

TEST(ResourcesText, EnergyNotAvailableNamesTheSources) {
  EXPECT_THAT(plain_block(testing::genai_usage_fixture()),
              HasSubstr("not available (looked for: rapl: no permission to read "
                        "/sys/class/powercap/intel-rapl:0/energy_uj, nvml: libnvidia-ml.so.1 not found)"));
}

TEST(ResourcesText, NoAcceleratorSourceIsNamedOnceWhereverTheBlockSaysIt) {
  // No meter: the energy row names every source; no device row repeats them.
  const std::string none = plain_block(testing::genai_usage_fixture());
  EXPECT_THAT(none, Not(HasSubstr("no accelerator utilisation")));
  // A meter but no accelerator source: the device row names the accelerator sources only.
  resources::ResourceUsage u = testing::onnx_usage_fixture();
  u.device = {};
  u.sources = {{"rapl", true, "package-0"},
               {"nvml", false, "libnvidia-ml.so.1 not found"},
               {"pdh", false, "not on this system"},
               {"emi", false, "not on this system"}};
  EXPECT_THAT(plain_block(u), HasSubstr("device              no accelerator utilisation (looked for: nvml: "
                                        "libnvidia-ml.so.1 not found, pdh: not on this system)\n"));
}

TEST(ResourcesText, EnergyPerTokenWhenKnown) {
  resources::ResourceUsage u = testing::onnx_usage_fixture();
  u.energy.joules_per_generated_token = 0.75;
  u.energy.tokens_per_joule = 1.0 / 0.75;
  const std::string text = plain_block(u);
  EXPECT_THAT(text, HasSubstr("0.750 J per generated token · 1.33 tokens/J"));
  EXPECT_THAT(text, HasSubstr("run: 237.50 J · 95.0 W average · 162.50 J above idle"));
  EXPECT_THAT(text, HasSubstr("utilisation mean 80 % · peak 97 %"));
}

}  // namespace
}  // namespace winml::report::text
