#include "ep/plugin_libraries.h"

#include <fmt/format.h>

#include "util/printable.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

PluginLibrary parse_entry(std::string_view entry, std::string_view source) {
  const std::size_t eq = entry.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == entry.size()) {
    throw UsageError(std::string(source) + " expects NAME=PATH, got '" + echo(entry, kEchoPathChars) +
                     "'. Example: --ep-library QNNExecutionProvider=/opt/qnn/libonnxruntime_providers_qnn.so");
  }
  const std::string_view path = entry.substr(eq + 1);
  if (path.size() > kMaxLibraryPathBytes) {
    throw UsageError(fmt::format(
        "{} names a library path of {} bytes ('{}'), longer than any file path can be ({} bytes at most). Check "
        "the value given to {}.",
        source, path.size(), echo(path, kEchoChars), kMaxLibraryPathBytes, source));
  }
  return {std::string(entry.substr(0, eq)), std::string(path), std::string(source)};
}

}  // namespace

std::vector<PluginLibrary> parse_plugin_libraries(const std::vector<std::string>& from_flags,
                                                  std::string_view from_environment) {
  std::vector<PluginLibrary> libraries;
  libraries.reserve(from_flags.size());
  for (const auto& entry : from_flags) libraries.push_back(parse_entry(entry, "--ep-library"));
  while (!from_environment.empty()) {
    const std::size_t end = from_environment.find(';');
    const std::string_view entry = from_environment.substr(0, end);
    if (!entry.empty()) libraries.push_back(parse_entry(entry, kEpLibrariesVariable));
    if (end == std::string_view::npos) break;
    from_environment.remove_prefix(end + 1);
  }
  return libraries;
}

}  // namespace winml::ep
