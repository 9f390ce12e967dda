#include "report/progress_reporter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "report/text_units.h"

namespace winml::report {
namespace {

using perf::Phase;
using perf::ProgressEvent;

TEST(ProgressReporter, LinesForEachPhase) {
  std::ostringstream out;
  StreamProgress progress(out, 0);
  progress.on_iteration({Phase::first_run, 1, 1, 0, 0.0421, 0.05});
  progress.on_iteration({Phase::warmup, 1, 2, 0, 1.25, 1.3});
  progress.on_iteration({Phase::timed, 3, 10, 0, 1.2, 4.8});
  progress.on_iteration({Phase::timed, 3, 0, 30, 1.2, 4.8});
  progress.on_iteration({Phase::cold, 2, 10, 0, 0.5, 5.3});
  EXPECT_EQ(out.str(),
            "first run  42.100 ms  elapsed 50.000 ms\n"
            "warmup 1/2  1.250 s  elapsed 1.300 s\n"
            "iteration 3/10  1.200 s  elapsed 4.800 s  ETA 11 s\n"
            "iteration 3 (30.000 s budget)  1.200 s  elapsed 4.800 s  ETA 25 s\n"
            "cold start 2/10  500.000 ms  elapsed 5.300 s  ETA 21 s\n");
}

// The ETA is the phase's own pace carried to its end; a near end, or none foreseen, shows none.
TEST(ProgressReporter, EtaFollowsThePaceOfThePhase) {
  std::ostringstream out;
  StreamProgress progress(out, 0);
  progress.on_iteration({Phase::warmup, 1, 1, 0, 2.0, 2.0});  // the warmup's pace is not the timed one's
  progress.on_iteration({Phase::timed, 1, 10, 0, 1.0, 3.0});
  progress.on_iteration({Phase::timed, 5, 10, 0, 1.0, 7.0});
  progress.on_iteration({Phase::timed, 9, 10, 0, 1.0, 11.0});
  progress.on_iteration({Phase::timed, 10, 10, 0, 1.0, 12.0});
  progress.on_iteration({Phase::timed, 1, 0, 0, 1.0, 13.0});  // --target-ci: no end to foresee
  EXPECT_EQ(out.str(),
            "warmup 1/1  2.000 s  elapsed 2.000 s\n"
            "iteration 1/10  1.000 s  elapsed 3.000 s  ETA 9.0 s\n"
            "iteration 5/10  1.000 s  elapsed 7.000 s  ETA 5.0 s\n"
            "iteration 9/10  1.000 s  elapsed 11.000 s\n"
            "iteration 10/10  1.000 s  elapsed 12.000 s\n"
            "iteration 1 (until the --target-ci precision)  1.000 s  elapsed 13.000 s\n");
  EXPECT_DOUBLE_EQ(*phase_eta_seconds({Phase::timed, 4, 0, 30, 1.0, 0}, 10), 20);  // --duration 30
  EXPECT_DOUBLE_EQ(*phase_eta_seconds({Phase::timed, 40, 0, 30, 1.0, 0}, 31), 0);
}

// A short run (100 runs of 1 ms) shows no ETA, and the lines are plain: no carriage return or
// escape sequence, so a pipe or a log gets what a terminal shows.
TEST(ProgressReporter, ShortRunsShowNoEtaAndNoControlCharacters) {
  std::ostringstream out;
  StreamProgress progress(out, 0);
  for (std::size_t i = 1; i <= 100; ++i) {
    progress.on_iteration({Phase::timed, i, 100, 0, 0.001, 0.001 * static_cast<double>(i)});
  }
  EXPECT_EQ(out.str().find("ETA"), std::string::npos);
  EXPECT_EQ(out.str().find_first_of("\r\x1b"), std::string::npos);
}

TEST(ProgressReporter, LoadingLineSaysWhereTheModelLoads) {
  EXPECT_EQ(loading_line("m.onnx", EpChoice::parse("cpu")), "loading m.onnx on cpu ...");
  EXPECT_EQ(loading_line("m.onnx", EpChoice::parse("cpu", "cpu")), "loading m.onnx on cpu (cpu) ...");
  EXPECT_EQ(loading_line("bundle", EpChoice()), "loading bundle on the EPs its genai_config.json names ...");
}

// A sweep says which combination starts, unthrottled: a long sweep's console shows where it is.
TEST(ProgressReporter, CombinationLines) {
  std::ostringstream out;
  StreamProgress progress(out, 1000);
  progress.on_combination({3, 8, "threads=2 pp=256 tg=32"});
  progress.on_combination({4, 8, "threads=2 pp=1024 tg=32"});
  EXPECT_EQ(out.str(), "[3/8] threads=2 pp=256 tg=32\n[4/8] threads=2 pp=1024 tg=32\n");
}

// Under --rounds the line names the round too (alone for a single combination), and a --delay
// pause says that it cools.
TEST(ProgressReporter, RoundAndCoolingLines) {
  std::ostringstream out;
  StreamProgress progress(out, 1000);
  progress.on_combination({2, 3, "pp=64", 2, 3});
  progress.on_cooling(0.5);
  progress.on_combination({1, 1, "", 3, 3});
  EXPECT_EQ(out.str(), "round 2/3 [2/3] pp=64\ncooling 0.5 s before the next run (--delay)\nround 3/3\n");
}

// The open loop of 108 s: said before it starts, from its seeded arrivals.
TEST(ProgressReporter, AnOpenLoopIsAnnouncedWithItsLength) {
  std::ostringstream out;
  StreamProgress progress(out);
  progress.on_serving_plan({32, 0.3, 107.6, 8});
  EXPECT_EQ(out.str(), "open loop: 32 arrivals at 0.3 req/s: the timed run takes at least " + text::duration(107.6) +
                           " (its last arrival), after 8 warmup conversations\n");
}

TEST(ProgressReporter, ThrottlesButKeepsFirstAndLast) {
  std::ostringstream out;
  StreamProgress progress(out, 1.0);
  for (std::size_t i = 1; i <= 100; ++i) {
    progress.on_iteration({Phase::timed, i, 100, 0, 0.001, 0.1 + static_cast<double>(i) * 0.05});
  }
  const std::string text = out.str();
  EXPECT_NE(text.find("iteration 1/100 "), std::string::npos);
  EXPECT_NE(text.find("iteration 21/100 "), std::string::npos);  // 1 s after the first line
  EXPECT_EQ(text.find("iteration 2/100 "), std::string::npos);
  EXPECT_NE(text.find("iteration 100/100 "), std::string::npos);
  EXPECT_LE(std::count(text.begin(), text.end(), '\n'), 7);
}

TEST(ProgressReporter, QuietPrintsNothing) {
  std::ostringstream out;
  auto quiet = make_progress_reporter(out, true);
  quiet->on_iteration({Phase::timed, 1, 1, 0, 1, 1});
  EXPECT_TRUE(out.str().empty());
  auto loud = make_progress_reporter(out, false);
  loud->on_iteration({Phase::timed, 1, 1, 0, 1, 1});
  EXPECT_FALSE(out.str().empty());
}

}  // namespace
}  // namespace winml::report
