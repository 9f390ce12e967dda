#pragma once
/// \file
/// A progress sink that records events and can cost time, to check that runners keep progress
/// reporting out of every measurement.

#include <vector>

#include "fake_clock.h"
#include "perf/progress.h"

namespace winml::perf::testing {

/// Records every event; advances the clock by cost_s per event when given one.
struct RecordingProgress final : ProgressSink {
  std::vector<ProgressEvent> events;  ///< every event, in order
  ManualClock* clock = nullptr;       ///< clock to advance, or none
  double cost_s = 0;                  ///< simulated time spent printing
  void on_iteration(const ProgressEvent& e) override {
    events.push_back(e);
    if (clock != nullptr) clock->advance(cost_s);
  }
};

}  // namespace winml::perf::testing
