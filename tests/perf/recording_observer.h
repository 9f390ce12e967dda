#pragma once
/// \file
/// A BenchmarkObserver for tests: loading notices go to the fake world's event log (so their order
/// against engine calls can be checked, and so do sweep combinations), warnings and iteration phases are kept.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "perf/benchmark_observer.h"
#include "perf/fake_engine.h"

namespace winml::perf::testing {

// Records what the benchmark tells its caller, in order, into the fake world's log.
class RecordingObserver final : public BenchmarkObserver {
 public:
  explicit RecordingObserver(FakeWorld& world) : world_(world) {}
  void on_loading(const std::string& model, const EpChoice& ep) override {
    world_.events.push_back("loading " + model);
    loaded_on.push_back(ep.ep_label());
  }
  void on_generated_inputs(const std::vector<engine::TensorInfo>&, const generated_inputs::ShapePlan& plan) override {
    generated_shapes.push_back(plan.shapes);
  }
  void on_warning(const std::string& message) override { warnings.push_back(message); }
  void on_iteration(const ProgressEvent& event) override { iterations.push_back(event.phase); }
  void on_combination(const CombinationEvent& event) override {
    world_.events.push_back(fmt::format("[{}/{}] {}", event.index, event.total, event.label));
  }
  std::vector<std::string> warnings;
  std::vector<Phase> iterations;
  std::vector<std::string> loaded_on;                                    // each load's EP label
  std::vector<std::vector<std::vector<std::int64_t>>> generated_shapes;  // each on_generated_inputs

 private:
  FakeWorld& world_;
};

}  // namespace winml::perf::testing
