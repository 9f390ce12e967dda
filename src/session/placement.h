#pragma once
/// \file
/// Turning ONNX Runtime's node assignments into a StagePlacement, and the message for nodes an
/// accelerator did not take when CPU fallback is refused (--no-cpu-fallback).

#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "winml/placement.h"

namespace winml::session {

/// The session config entry that makes ONNX Runtime refuse to place nodes on the CPU EP.
inline constexpr const char* kDisableCpuFallbackKey = "session.disable_cpu_ep_fallback";

/// The refusal of --no-cpu-fallback where nothing runs on an accelerator.
inline constexpr const char* kNoCpuFallbackOnCpu =
    "--no-cpu-fallback keeps nodes off the CPU when an accelerator EP runs the model, but this run uses the CPU "
    "EP only. Choose an accelerator with --ep or --device, or drop --no-cpu-fallback.";

/// Creates the session; when it fails while spec refuses CPU fallback, creates it once more
/// without the refusal to see what the EP did not take and throws GenaiLoadError
/// (cpu_fallback_refusal, naming `stage`) when nodes fell back; other failures propagate.
std::unique_ptr<engine::OnnxSession> create_session_or_explain_fallback(engine::Engine& engine,
                                                                        const engine::SessionSpec& spec,
                                                                        const std::string& stage);

/// The placement of an open session made from `spec` (configured EP: the first provider), its
/// error set when ONNX Runtime cannot say.
StagePlacement session_placement(engine::OnnxSession& session, std::string stage, const engine::SessionSpec& spec);

/// Counts `nodes` by EP and operator type for a session configured with `configured_ep` (the
/// ONNX Runtime name; CPU when empty).
StagePlacement summarize_placement(std::string stage, std::string configured_ep,
                                   const std::vector<engine::AssignedNode>& nodes);

/// "stage ctx: WinmlTestEP did not take 2 of 40 nodes, which --no-cpu-fallback keeps off the CPU:
/// Gather 'name', ...", followed by the fix.
std::string cpu_fallback_refusal(const std::vector<StagePlacement>& refused);

/// The stage's line for the console: "18 of 40 nodes on WinmlTestEP (MatMul 9, Add 5, Mul 4); 22
/// on CPU (Gather 2, ...)", or "placement unknown: <error>".
std::string placement_line(const StagePlacement& placement);

}  // namespace winml::session
