#include "report/synth_progress_reporter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace winml::report {
namespace {

using synth::SynthProgressEvent;
using synth::SynthStep;

constexpr std::uint64_t kMiB = 1ull << 20;

TEST(SynthProgress, WeightsLineHasTheShareElapsedAndEta) {
  const SynthProgressEvent e{SynthStep::weights, "model.onnx.data", 512 * kMiB, 2048 * kMiB};
  EXPECT_EQ(synth_progress_line(e, 4.5, 4.0),
            "writing model.onnx.data: 512.0 MiB of 2.0 GiB of weights (25 %)  elapsed 4.500 s  ETA 12 s");
  // The graphs' small constants are not in the total: the share stops at 100 %.
  const SynthProgressEvent past{SynthStep::weights, "model.onnx", 3 * kMiB, 2 * kMiB};
  EXPECT_EQ(synth_progress_line(past, 1, 1),
            "writing model.onnx: 2.0 MiB of 2.0 MiB of weights (100 %)  elapsed 1.000 s");
}

TEST(SynthProgress, StepLines) {
  EXPECT_EQ(synth_progress_line({SynthStep::save, "ctx.onnx", 0, 0}, 2, 0), "writing ctx.onnx  elapsed 2.000 s");
  EXPECT_EQ(synth_progress_line({SynthStep::check, "ctx.onnx", 0, 0}, 2, 0),
            "checking ctx.onnx (ONNX checker)  elapsed 2.000 s");
  EXPECT_EQ(synth_progress_line({SynthStep::text, "tokenizer.json", 0, 0}, 2, 0),
            "writing tokenizer.json  elapsed 2.000 s");
}

// A bundle written within the quiet second shows nothing: the tiny preset keeps its one summary line.
TEST(SynthProgress, AQuickBundleShowsNoLines) {
  double now = 0;
  std::ostringstream out;
  SynthProgressLines lines(out, [&] { return now; });
  for (int i = 0; i < 50; ++i) {
    now += 0.01;
    lines({SynthStep::weights, "model.onnx", std::uint64_t(i) * kMiB, 50 * kMiB});
  }
  lines({SynthStep::save, "model.onnx", 50 * kMiB, 50 * kMiB});
  EXPECT_TRUE(out.str().empty()) << out.str();
}

// Past it: each new step at once, the weights at most once a second, plain lines only.
TEST(SynthProgress, ASlowBundleShowsStepsAndThrottledWeights) {
  double now = 0;
  std::ostringstream out;
  SynthProgressLines lines(out, [&] { return now; });
  for (int i = 0; i <= 100; ++i) {  // 100 tensors over 10 s
    now = i / 10.0;
    lines({SynthStep::weights, "model.onnx.data", std::uint64_t(i) * 10 * kMiB, 1000 * kMiB});
  }
  lines({SynthStep::save, "model.onnx", 1000 * kMiB, 1000 * kMiB});
  lines({SynthStep::check, "model.onnx", 1000 * kMiB, 1000 * kMiB});
  lines({SynthStep::text, "tokenizer.json", 1000 * kMiB, 1000 * kMiB});
  const std::string text = out.str();
  const auto count = std::count(text.begin(), text.end(), '\n');
  EXPECT_EQ(count, 10 + 3);  // weights at 1 s, 2 s, ... 10 s; then the three steps
  EXPECT_NE(text.find("writing model.onnx.data: 100.0 MiB of 1000.0 MiB of weights (10 %)  elapsed 1.000 s  ETA 9.0 s"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nwriting model.onnx  elapsed"), std::string::npos) << text;
  EXPECT_NE(text.find("\nchecking model.onnx (ONNX checker)"), std::string::npos) << text;
  EXPECT_NE(text.find("\nwriting tokenizer.json"), std::string::npos) << text;
  EXPECT_EQ(text.find_first_of("\r\x1b"), std::string::npos) << "no in-place rewriting, no colour";
}

}  // namespace
}  // namespace winml::report
