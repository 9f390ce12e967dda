#pragma once
/// \file
/// How `winml perf` shows a running benchmark on stderr: the loading line, the generated inputs'
/// shapes, warnings and progress, and under --monitor the live line of what the run uses.

#include <iostream>
#include <memory>
#include <string>

#include "cli_common.h"
#include "console_hooks.h"
#include "generated_inputs/shape_summary.h"
#include "perf/benchmark_observer.h"
#include "report/live_monitor.h"
#include "report/progress_reporter.h"
#include "resources/sampler.h"

namespace winml::cli {

/// Prints a benchmark's notices and progress on stderr, following -q/-v; a host's ConsoleHooks
/// take the progress instead when they have a sink for it.
class PerfConsole final : public perf::BenchmarkObserver {
 public:
  /// Progress and the loading line are left out when quiet; warnings always show. `monitor`:
  /// --monitor was given, so start_monitor shows the live line.
  explicit PerfConsole(const OutputOptions& out, bool monitor = false)
      : out_(out), monitor_wanted_(monitor), progress_(report::make_progress_reporter(std::cerr, out.verbosity < 0)) {
    if (const ConsoleHooks* hooks = console_hooks(); hooks && hooks->progress) sink_ = hooks->progress;
  }
  ~PerfConsole() override { stop_monitor(); }
  PerfConsole(const PerfConsole&) = delete;
  PerfConsole& operator=(const PerfConsole&) = delete;

  /// "loading MODEL on EP ..." unless quiet (report::loading_line).
  void on_loading(const std::string& model, const EpChoice& ep) override {
    if (out_.verbosity >= 0) above([&] { note(report::loading_line(model, ep)); });
  }
  /// Every generated input's shape (generated_inputs::describe_plan) unless quiet.
  void on_generated_inputs(const std::vector<engine::TensorInfo>& inputs,
                           const generated_inputs::ShapePlan& plan) override {
    if (out_.verbosity < 0) return;
    above([&] {
      for (const auto& line : generated_inputs::describe_plan(inputs, plan)) note(line);
    });
  }
  /// "warning: ..." (see warn).
  void on_warning(const std::string& message) override {
    above([&] { warn(message, out_); });
  }
  /// One progress line (see report::make_progress_reporter).
  void on_iteration(const perf::ProgressEvent& event) override {
    above([&] { sink_->on_iteration(event); });
  }
  /// "[3/8] threads=2 pp=256 tg=32" before each combination of a sweep.
  void on_combination(const perf::CombinationEvent& event) override {
    above([&] { sink_->on_combination(event); });
  }
  /// "cooling 0.5 s before the next run (--delay)" before each pause.
  void on_cooling(double seconds) override {
    above([&] { sink_->on_cooling(seconds); });
  }
  /// "open loop: 32 arrivals at 0.3 req/s: the timed run takes at least ..." before an open loop's warmup, unless
  /// quiet.
  void on_serving_plan(const perf::ServingPlanEvent& event) override {
    above([&] { sink_->on_serving_plan(event); });
  }

  /// Under --monitor, shows the live line of `source`'s readings (the running sampler's newest,
  /// resources::Sampler::latest) on stderr until stop_monitor(): in place on a terminal, plain
  /// lines otherwise (report/live_monitor.h). Without --monitor, or with the line already shown,
  /// it does nothing.
  void start_monitor(report::SampleSource source);
  /// Stops the live line and erases it, so what follows starts on a clean line; nothing when none.
  void stop_monitor() { monitor_.reset(); }
  /// The benchmark's sampler started (shown under --monitor) or is about to stop.
  void on_sampler(const resources::Sampler* sampler) override {
    if (sampler)
      start_monitor([sampler] { return sampler->latest(); });
    else
      stop_monitor();
  }

 private:
  // Runs `print` (which writes to stderr) above the live line, or plainly without one.
  template <typename Print>
  void above(const Print& print) {
    if (monitor_) {
      monitor_->print_above(print);
    } else {
      print();
    }
  }

  const OutputOptions& out_;
  bool monitor_wanted_ = false;
  std::unique_ptr<perf::ProgressSink> progress_;
  perf::ProgressSink* sink_ = progress_.get();  // progress_, or the host's
  std::unique_ptr<report::LiveMonitor> monitor_;
};

}  // namespace winml::cli
