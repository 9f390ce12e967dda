#pragma once
/// \file
/// Options of genai_config.json that make ONNX Runtime or an EP write files where the bundle says:
/// profiles, graph dumps, EPContext dumps, engine caches. winml writes only to the report path,
/// the cache root and the bundle's `_compiled/`, so a bundle may not turn these on.
///
/// - Switches (option name contains "profil", "dump", "context_enable" or "cache_enable", e.g.
///   enable_profiling, profiling_level, dump_json_qnn_graph, ep.context_enable,
///   trt_engine_cache_enable): refused unless off ("", "0", "false", "off", "none", false, 0).
///   They are debugging and build aids, never needed to run a bundle.
/// - Locations (name contains "cache_dir", "cache_path", "_dir" or "file_path", e.g. OpenVINO's
///   cache_dir, ep.context_file_path): refused when absolute or with a `..` component. A relative
///   location is allowed because real OpenVINO bundles ship `"cache_dir": "..."`; the EP resolves
///   it against the working directory (documented limit).

#include <string_view>
#include <vector>

#include "bundle/genai_config.h"
#include "bundle/session_option_walk.h"

namespace winml::bundle {

/// How an option that may write files is judged.
enum class WriteOptionKind {
  none,      ///< writes nothing
  switch_,   ///< turns writing on: refused unless off
  location,  ///< says where to write: refused when absolute or escaping with `..`
};

/// The kind of a session or provider option, by its name (case-insensitive).
WriteOptionKind write_option_kind(std::string_view key);

/// Every option of `config` that would make ONNX Runtime write where the bundle says, in
/// document order.
std::vector<FoundOption> find_file_write_options(const ConfigJson& config);

/// Throws UsageError naming the first such option, its value and the fix (remove it).
void require_no_file_writes(const GenaiConfig& config);

}  // namespace winml::bundle
