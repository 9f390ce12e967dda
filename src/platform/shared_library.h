#pragma once
/// \file
/// Loading winml's own plugins (the engine, the ONNX file reader/writer) at run time, and finding
/// which file a piece of loaded code came from.

#include <filesystem>
#include <string>
#include <string_view>

namespace winml::platform {

/// A loaded library, or why it could not be loaded. Plugins stay loaded until the process exits
/// (their objects live in process-wide statics), so there is no unload.
struct LoadedLibrary {
  void* handle = nullptr;  ///< null when loading failed
  std::string error;       ///< the dynamic loader's message when handle is null
};

/// Loads `path` (a path, or a bare file name searched the dynamic loader's way) with every symbol
/// resolved now and kept private to it, so two plugins never see each other's symbols.
LoadedLibrary load_library(const std::filesystem::path& path);

/// The file name the system gives the shared library `name`, as the official ONNX Runtime
/// packages name theirs: "libNAME.so" on Linux, "NAME.dll" on Windows.
std::string library_file_name(std::string_view name);

/// The file name of the NVIDIA management library (NVML) the driver installs: libnvidia-ml.so.1 on
/// Linux (the unversioned name comes only with development packages), nvml.dll on Windows.
std::string nvml_library_file_name();

/// The file name of the Windows performance-counter library (pdh.dll), whose GPU Engine and GPU
/// Adapter Memory counters tell accelerator use; empty on a system without it.
std::string pdh_library_file_name();

/// The address of the exported symbol `name` in a loaded library, or null.
void* find_symbol(void* handle, const char* name);

/// Points `fn` at the exported function `name` of a loaded library (a C function whose type the
/// caller declares, as the library's header does); false, and `fn` null, when it has none.
template <class Function>
bool bind_function(void* handle, Function*& fn, const char* name) {
  fn = reinterpret_cast<Function*>(find_symbol(handle, name));
  return fn != nullptr;
}

/// The canonical path of the executable or shared library holding the code or data at
/// `address`, symlinks resolved; empty when the loader cannot tell. The program's own file is its
/// real location however it was started (found on PATH, by a relative path, through a symlink),
/// so files installed beside it are found from any current folder.
std::filesystem::path file_holding(const void* address);

}  // namespace winml::platform
