#pragma once
/// \file
/// The plugin EP libraries a run asks for, from the repeatable `--ep-library NAME=PATH` flag and
/// the `WINML_EP_LIBRARIES=NAME=PATH;NAME=PATH` environment variable: one parser for every command
/// that registers them or lists them (`winml sys`).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace winml::ep {

/// One plugin EP library to register with ONNX Runtime and GenAI.
struct PluginLibrary {
  std::string name;    ///< registration name, e.g. "QNNExecutionProvider"
  std::string path;    ///< the shared library, as given
  std::string source;  ///< where it was given, for messages: "--ep-library" or "WINML_EP_LIBRARIES"
};

/// The environment variable that lists plugin EP libraries.
inline constexpr const char* kEpLibrariesVariable = "WINML_EP_LIBRARIES";

/// Longest library path an entry may give: Windows' long-path limit, far past Linux's 4096. A
/// longer one (a 100 KB environment value) is refused as it is parsed, with its start shown.
inline constexpr std::size_t kMaxLibraryPathBytes = 32767;

/// The libraries asked for: every --ep-library value in `from_flags`, then the entries of the
/// WINML_EP_LIBRARIES value `from_environment` ("" when unset), split at ';' with empty entries
/// skipped. Every entry must be NAME=PATH with neither part empty and PATH at most
/// kMaxLibraryPathBytes; the first '=' splits it, so a
/// path may contain '='. Pure: the file is not looked at. Throws UsageError naming the malformed
/// entry, where it came from and the expected form, and for a library given twice: two entries
/// with one name (ignoring case, as EP names are matched) or one path (made absolute and
/// normalised), from either source.
std::vector<PluginLibrary> parse_plugin_libraries(const std::vector<std::string>& from_flags,
                                                  std::string_view from_environment);

}  // namespace winml::ep
