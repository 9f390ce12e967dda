#pragma once
/// \file
/// A manual clock for runner tests: time moves only when a test (or a fake workload) advances it.

#include "winml/genai_session.h"

namespace winml::perf::testing {

/// Seconds that only move when advanced; clock() returns a winml::Clock reading it.
struct ManualClock {
  double now = 0;  ///< current time in seconds
  /// Moves time forward.
  void advance(double seconds) { now += seconds; }
  /// A Clock reading this object (which must outlive it).
  Clock clock() {
    return [this] { return now; };
  }
};

}  // namespace winml::perf::testing
