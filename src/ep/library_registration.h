#pragma once
/// \file
/// Registering the plugin EP libraries a command asks for (--ep-library values and
/// WINML_EP_LIBRARIES): every entry parsed and its file looked at before anything loads, then each
/// probed in a child and registered with the engine. The one path every command takes.

#include <string>
#include <vector>

#include "ep/plugin_libraries.h"
#include "ep/plugin_probe.h"

namespace winml::ep {

/// Throws UsageError, naming the library, its path and where it was given, when a library's file
/// is missing, a folder, or a device, FIFO or socket (a FIFO would block the loader). The files
/// are looked at without being opened.
void check_library_files(const std::vector<PluginLibrary>& libraries);

/// Parses `from_flags` and the WINML_EP_LIBRARIES environment variable (parse_plugin_libraries),
/// checks the files (check_library_files), and, when there is any library, probes each in a child
/// (probe_plugin_libraries, with `probe`) and registers them with the engine, which then loads.
/// Returns the libraries. Throws UsageError for a malformed entry or a bad file (before anything
/// loads), SessionError when a probe or the registration fails.
std::vector<PluginLibrary> register_requested_libraries(const std::vector<std::string>& from_flags,
                                                        const PluginProbe& probe);

}  // namespace winml::ep
