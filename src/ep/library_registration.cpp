#include "ep/library_registration.h"

#include "engine/engine_loader.h"
#include "ep/plugin_eps.h"
#include "platform/environment.h"
#include "platform/file_kind.h"
#include "platform/utf8_path.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::ep {

void check_library_files(const std::vector<PluginLibrary>& libraries) {
  for (const auto& library : libraries) {
    const platform::FileKind kind = platform::file_kind(platform::utf8_path(library.path));
    const std::string named =
        "EP library '" + echo(library.path, kEchoPathChars) + "' (for " + echo(library.name, kEchoChars) + ")";
    if (kind == platform::FileKind::missing) {
      throw UsageError(named + " does not exist. Check the path given to " + library.source + ".");
    }
    if (kind != platform::FileKind::regular) {
      throw UsageError(named + " is " +
                       (kind == platform::FileKind::directory ? "a folder" : "a device, FIFO or socket") +
                       ", not a shared library file. Check the path given to " + library.source + ".");
    }
  }
}

std::vector<PluginLibrary> register_requested_libraries(const std::vector<std::string>& from_flags,
                                                        const PluginProbe& probe) {
  // Every entry is checked before the engine loads, and a bad one names where it came from.
  const std::string env = platform::environment_variable(kEpLibrariesVariable).value_or("");
  std::vector<PluginLibrary> libraries = parse_plugin_libraries(from_flags, env);
  check_library_files(libraries);
  if (libraries.empty()) return libraries;
  // A library that crashes while being registered is named, in a child, before this process loads it.
  probe_plugin_libraries(libraries, probe);
  register_plugin_libraries(libraries, engine::get());
  return libraries;
}

}  // namespace winml::ep
