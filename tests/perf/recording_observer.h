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
  void on_loading(const std::string& model) override { world_.events.push_back("loading " + model); }
  void on_warning(const std::string& message) override { warnings.push_back(message); }
  void on_iteration(const ProgressEvent& event) override { iterations.push_back(event.phase); }
  void on_combination(const CombinationEvent& event) override {
    world_.events.push_back(fmt::format("[{}/{}] {}", event.index, event.total, event.label));
  }
  std::vector<std::string> warnings;
  std::vector<Phase> iterations;

 private:
  FakeWorld& world_;
};

}  // namespace winml::perf::testing
