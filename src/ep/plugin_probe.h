#pragma once
/// \file
/// A first registration of each plugin EP library in a child process. Named libraries are trusted
/// code, but one whose entry point returns garbage crashes the process that registers it, and in
/// winml that crash would come with no word about which library did it. So before winml
/// registers a library itself, a child (winml-compile-worker --probe-ep-library NAME=PATH)
/// registers it and lists its EP devices; a child killed by a signal (or hung) makes winml refuse
/// the library by name without loading it. A library whose probe passed is remembered by its path,
/// size and modification time, so it is probed once, not on every run.

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "ep/plugin_libraries.h"

namespace winml::ep {

/// The worker's flag for a probe: `--probe-ep-library NAME=PATH` is its whole command line.
inline constexpr const char* kProbeEpLibraryFlag = "--probe-ep-library";

/// How libraries are probed.
struct PluginProbe {
  std::vector<std::string> worker_command;  ///< the worker program (compile::default_worker_command())
  std::filesystem::path memo_dir;           ///< where passed probes are remembered, under the cache root
  std::chrono::milliseconds timeout{std::chrono::seconds(120)};  ///< a registration that takes longer hangs
};

/// What identifies a library's code for the memo: its absolute path, size and modification time.
std::string plugin_library_identity(const PluginLibrary& library);

/// Probes each library not yet remembered in probe.memo_dir. Throws SessionError (exit 1) naming
/// NAME=PATH when the child was killed by a signal or timed out: the library is then not to be
/// loaded in this process. A probe that passed is remembered (an empty file named after a digest
/// of the identity, written atomically). A child that cannot start (no worker installed beside
/// winml) or that exits with an error is passed over without a memo: winml's own registration then
/// reports that error as before.
void probe_plugin_libraries(const std::vector<PluginLibrary>& libraries, const PluginProbe& probe);

}  // namespace winml::ep
