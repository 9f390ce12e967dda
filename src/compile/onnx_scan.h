#pragma once
/// \file
/// A structural check of an ONNX file and the facts the compile cache needs from it: the files
/// its initializers keep their data in, and its EPContext nodes. Walks the protobuf wire format
/// (onnx_wire.h) instead of parsing with the ONNX library, which winml_core does not link.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace winml::compile {

/// One EPContext node (com.microsoft::EPContext), as ONNX Runtime's compile API writes them.
struct EpContextNode {
  std::string name;
  std::int64_t embed_mode = 1;  ///< 1: context binary inside the node; 0: in a file beside the model
  std::string cache_context;    ///< the context file's relative path when embed_mode is 0
  std::string source;           ///< the EP that wrote it, when recorded
};

/// What scan_onnx found.
struct OnnxScan {
  bool valid = false;                      ///< a well-formed ModelProto with a graph and opsets
  std::string problem;                     ///< why not valid
  std::vector<std::string> external_data;  ///< distinct `location`s of externally stored initializers
  std::vector<EpContextNode> ep_contexts;  ///< EPContext nodes of the main graph
  /// The model's metadata_props (key -> value; the last of a repeated key wins). ONNX Runtime's
  /// compile API stores each EP's compatibility info here ("ep_compatibility_info.<EP>").
  std::map<std::string, std::string> metadata;
};

/// Checks that the file is a complete ONNX ModelProto: every field of the model, of its main graph
/// and of the graph's nodes and initializers is well formed and inside the file, and ir_version,
/// graph and opset_import are present (a truncated file fails this almost always). Never throws.
OnnxScan scan_onnx(const std::filesystem::path& path);

/// The files a model needs besides itself, as paths next to it: the external-data locations the
/// scan found, plus `<file>.data` and `<stem>.data` when they exist (covers initializers of
/// subgraphs, which the scan does not visit). Locations that are absolute or contain ".." are
/// ignored: ONNX Runtime refuses them too, and following them would read outside the bundle.
std::vector<std::filesystem::path> companion_files(const std::filesystem::path& model, const OnnxScan& scan);

/// True when a relative path stays inside its folder (not absolute, no "..", not empty).
bool is_contained_relative_path(const std::string& path);

}  // namespace winml::compile
