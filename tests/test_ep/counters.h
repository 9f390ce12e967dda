#pragma once
/// \file
/// What one EP instance did, so tests can prove where work ran. When the EP is released the
/// counters are appended to WINML_TEST_EP_COUNTERS as one JSON line:
///
///     {"ep":"WinmlTestEP","devices":["npu"],"nodes_claimed":3,"kernel_runs":12,"from_context":false}

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "env_config.h"

namespace winml_test_ep {

/// Counters of one EP instance.
struct Counters {
  std::vector<DeviceKind> devices;        ///< the devices ORT created the EP for
  std::atomic<int64_t> nodes_claimed{0};  ///< ops compiled (from the graph or rebuilt from EPContext blobs)
  std::atomic<int64_t> kernel_runs{0};    ///< fused-node computations run
  std::atomic<bool> from_context{false};  ///< some fused node was rebuilt from an EPContext node
};

/// The JSON line (with its newline).
std::string to_json_line(const Counters& counters);

/// Appends `line` to `path` with one write() on an O_APPEND descriptor, so lines from concurrent
/// processes never interleave. Failures are ignored: counters must not break a session.
void append_line(const std::string& path, const std::string& line);

}  // namespace winml_test_ep
