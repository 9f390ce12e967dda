#pragma once
/// \file
/// What a benchmark tells its caller while it runs. Benchmarks never print: the CLI implements this
/// to put the lines on stderr, tests record them.

#include <string>
#include <vector>

#include "engine/engine.h"
#include "generated_inputs/shape_plan.h"
#include "perf/progress.h"
#include "resources/sampler.h"
#include "winml/ep_choice.h"

namespace winml::perf {

/// Receives a benchmark's notices and its per-iteration progress.
class BenchmarkObserver : public ProgressSink {
 public:
  /// The model is about to load on `ep` (loading can take long: the caller may say so).
  virtual void on_loading(const std::string& model, const EpChoice& ep) = 0;
  /// The shapes the generated inputs of a single model will have (generated_inputs/shape_plan.h),
  /// told before the first run and again whenever they change (a batch-size sweep). `inputs` are
  /// the tensor infos the plan was made from. Ignored unless overridden.
  virtual void on_generated_inputs(const std::vector<engine::TensorInfo>& /*inputs*/,
                                   const generated_inputs::ShapePlan& /*plan*/) {}
  /// Something the user should know that does not stop the run (e.g. a capped token budget).
  virtual void on_warning(const std::string& message) = 0;
  /// The resource sampler has started (`sampler` set: --monitor may show its readings) or is about
  /// to stop (nullptr: nothing may read it after this returns). Ignored unless overridden.
  virtual void on_sampler(const resources::Sampler* /*sampler*/) {}
};

}  // namespace winml::perf
