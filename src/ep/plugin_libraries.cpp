#include "ep/plugin_libraries.h"

#include <fmt/format.h>

#include <filesystem>

#include "util/ascii_case.h"
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

// The same library twice, or two libraries under one name, cannot both register: ONNX Runtime
// refuses the second after the first has loaded. Refused here, before anything loads.
void refuse_duplicates(const std::vector<PluginLibrary>& libraries) {
  for (std::size_t i = 0; i < libraries.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const PluginLibrary& first = libraries[j];
      const PluginLibrary& second = libraries[i];
      const auto where = [](const PluginLibrary& library) {
        return library.source + " " + library.name + "=" + library.path;
      };
      if (iequals(first.name, second.name)) {
        throw UsageError("two EP libraries are registered as '" + second.name + "' (" + where(first) + ", " +
                         where(second) + "). Give each library once, under its own name.");
      }
      std::error_code ec;
      const auto a = std::filesystem::absolute(first.path, ec).lexically_normal();
      const auto b = std::filesystem::absolute(second.path, ec).lexically_normal();
      if (a == b) {
        throw UsageError("the EP library " + second.path + " is given twice (" + where(first) + ", " + where(second) +
                         "). ONNX Runtime loads a library once: give it once.");
      }
    }
  }
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
  refuse_duplicates(libraries);
  return libraries;
}

}  // namespace winml::ep
