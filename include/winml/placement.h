#pragma once
/// \file
/// Where ONNX Runtime placed the nodes of a session: how many each EP took, by operator type, and
/// which nodes fell back to the CPU while an accelerator was configured (docs/metrics.md,
/// "Placement").

#include <string>
#include <vector>

namespace winml {

/// ONNX Runtime's name of its CPU EP, as placements record it.
inline constexpr const char* kCpuEpName = "CPUExecutionProvider";

/// Nodes of one operator type.
struct OpTypeCount {
  std::string op_type;  ///< e.g. "MatMul"; a node of another domain than ONNX's as "domain.Type"
  int nodes = 0;
};

/// The nodes one EP took.
struct EpNodes {
  std::string ep;                     ///< EP name as ONNX Runtime spells it
  int nodes = 0;                      ///< nodes assigned to it
  std::vector<OpTypeCount> op_types;  ///< most nodes first, then by name
};

/// One node by name and type.
struct PlacedNode {
  std::string name;
  std::string op_type;
};

/// The placement of one session: a single model's timed session, or one stage of a bundle.
struct StagePlacement {
  std::string stage;                       ///< pipeline stage, "decoder", or "model" for a single model
  std::string configured_ep = kCpuEpName;  ///< the EP the session was given (CPU when none)
  std::string source = "session";          ///< "session": the timed session; "probe": a session of its own
  double probe_s = 0;                      ///< seconds the probe session took to create (0 for "session")
  int nodes = 0;                           ///< nodes of the graph ONNX Runtime partitioned
  std::vector<EpNodes> eps;                ///< the configured EP first, then by nodes; CPU included
  std::vector<PlacedNode> cpu_fallback;    ///< nodes on the CPU EP while an accelerator was configured
  std::string error;                       ///< why the placement is unknown (then nodes is 0)

  /// True when the session was given an accelerator EP.
  bool accelerated() const { return configured_ep != kCpuEpName; }
  /// Nodes the configured EP took.
  int on_configured() const;
  /// on_configured() / nodes; 0 for an empty graph or an unknown placement.
  double configured_share() const;
};

}  // namespace winml
