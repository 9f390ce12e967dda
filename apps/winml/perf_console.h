#pragma once
/// \file
/// How `winml perf` shows a running benchmark on stderr: the loading line, the generated inputs'
/// shapes, warnings and progress.

#include <iostream>
#include <memory>
#include <string>

#include "cli_common.h"
#include "generated_inputs/shape_summary.h"
#include "perf/benchmark_observer.h"
#include "report/progress_reporter.h"

namespace winml::cli {

/// Prints a benchmark's notices and progress on stderr, following -q/-v.
class PerfConsole final : public perf::BenchmarkObserver {
 public:
  /// Progress and the loading line are left out when quiet; warnings always show.
  explicit PerfConsole(const OutputOptions& out)
      : out_(out), progress_(report::make_progress_reporter(std::cerr, out.verbosity < 0)) {}
  /// "loading MODEL on EP ..." unless quiet (report::loading_line).
  void on_loading(const std::string& model, const EpChoice& ep) override {
    if (out_.verbosity >= 0) note(report::loading_line(model, ep));
  }
  /// Every generated input's shape (generated_inputs::describe_plan) unless quiet.
  void on_generated_inputs(const std::vector<engine::TensorInfo>& inputs,
                           const generated_inputs::ShapePlan& plan) override {
    if (out_.verbosity < 0) return;
    for (const auto& line : generated_inputs::describe_plan(inputs, plan)) note(line);
  }
  /// "warning: ..." (see warn).
  void on_warning(const std::string& message) override { warn(message, out_); }
  /// One progress line (see report::make_progress_reporter).
  void on_iteration(const perf::ProgressEvent& event) override { progress_->on_iteration(event); }
  /// "[3/8] threads=2 pp=256 tg=32" before each combination of a sweep.
  void on_combination(const perf::CombinationEvent& event) override { progress_->on_combination(event); }
  /// "cooling 0.5 s before the next run (--delay)" before each pause.
  void on_cooling(double seconds) override { progress_->on_cooling(seconds); }

 private:
  const OutputOptions& out_;
  std::unique_ptr<perf::ProgressSink> progress_;
};

}  // namespace winml::cli
