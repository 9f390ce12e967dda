#pragma once
/// \file
/// What a benchmark tells its caller while it runs. Benchmarks never print: the CLI implements this
/// to put the lines on stderr, tests record them.

#include <string>

#include "perf/progress.h"

namespace winml::perf {

/// Receives a benchmark's notices and its per-iteration progress.
class BenchmarkObserver : public ProgressSink {
 public:
  /// The model is about to load (loading can take long: the caller may say so).
  virtual void on_loading(const std::string& model) = 0;
  /// Something the user should know that does not stop the run (e.g. a capped token budget).
  virtual void on_warning(const std::string& message) = 0;
};

}  // namespace winml::perf
