#pragma once
/// \file
/// ORT's EPContext contract for this EP: writing one com.microsoft EPContext node per fused node
/// when the session generates a compiled model, and rebuilding a Program from such a node when a
/// compiled model is loaded.
///
/// Attributes written: main_context=1, embed_mode (1 = the blob is in ep_cache_context, 0 = a side
/// file next to the output model whose relative name is in ep_cache_context), ep_cache_context,
/// source="WinmlTestEP", partition_name=<fused node name>.

#include <filesystem>
#include <string>

#include "ort.h"
#include "program.h"

namespace winml_test_ep {

/// What the session asked for (read from its config entries at CreateEp).
struct ContextSettings {
  bool enabled = false;                ///< ep.context_enable == "1"
  bool embed = false;                  ///< ep.context_embed_mode == "1" (ORT's default is "0")
  std::filesystem::path output_model;  ///< ep.context_file_path; may be empty
};

/// Creates the EPContext node that stands for `fused_node` (same name, inputs and outputs), writing
/// the side file first when not embedding. `source_model` (the model being compiled, may be empty)
/// names the output when ep.context_file_path is unset, as ORT does: <stem>_ctx.onnx beside it.
/// Throws when the side file has no known folder or cannot be written.
Ort::Node make_ep_context_node(Ort::ConstNode fused_node, const Program& program, const ContextSettings& settings,
                               const std::filesystem::path& source_model);

/// True for a com.microsoft EPContext node whose "source" is this EP.
bool is_own_ep_context_node(Ort::ConstNode node);

/// Rebuilds the program of an EPContext node. A side file is looked up relative to `model_folder`.
/// Throws std::runtime_error naming the node and the problem (missing attribute, unreadable side
/// file, corrupt blob); never reads out of bounds.
Program read_ep_context_node(Ort::ConstNode node, const std::filesystem::path& model_folder);

}  // namespace winml_test_ep
