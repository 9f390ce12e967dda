#pragma once
/// \file
/// One ONNX Runtime profile (a Chrome-trace JSON file, session- or run-level) read back as the
/// session runs it recorded, each with the kernel times of its nodes. Only the events winml sums
/// are kept: "Session" model_run events and "Node" <name>_kernel_time events (their args carry
/// op_name and provider); fences, initialisation and thread-pool events are dropped.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace winml::profile {

/// The operator type of a node that a compiling EP fused (its partition's generated name in the
/// trace, e.g. "WinmlTestEP_9361080184747309380_8"): which operators it holds the profile does not
/// say, so all such nodes of an EP count as this one type.
inline constexpr const char* kFusedPartition = "fused partition";

/// One node's kernel time within a session run.
struct NodeTime {
  std::string node;     ///< node name, without ORT's "_kernel_time" suffix
  std::string op_type;  ///< args.op_name, or kFusedPartition
  std::string ep;       ///< args.provider, e.g. "CPUExecutionProvider"
  double start_us = 0;  ///< ts, on the trace's own clock
  double dur_us = 0;
};

/// One Run of a session (a model_run event) and the node events that fall inside it.
struct SessionRun {
  std::string stage;    ///< the session it belongs to: a pipeline stage, "decoder" or "model"
  double start_us = 0;  ///< ts, on the trace's own clock
  double dur_us = 0;
  std::vector<NodeTime> nodes;  ///< in trace order
};

/// The size a profile file may have: a long decode writes a few hundred MiB at most.
inline constexpr std::uintmax_t kMaxTraceBytes = std::uintmax_t{2} << 30;

/// The runs of one trace text, by start time; every node event is put in the run whose span holds
/// its start (node events outside every run are dropped: ORT writes none). Accepts ORT's top-level
/// array and the {"traceEvents": [...]} form. Throws winml::Error (runtime) naming `source` when
/// the text is not a trace: not JSON, no array of events, an event without a number ts/dur.
std::vector<SessionRun> parse_trace(std::string_view text, const std::string& stage, const std::string& source);

/// parse_trace of the file at `path`.
std::vector<SessionRun> read_trace(const std::filesystem::path& path, const std::string& stage);

}  // namespace winml::profile
