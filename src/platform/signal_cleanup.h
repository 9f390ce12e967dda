#pragma once
/// \file
/// Deletes in-flight temporary files when the process is interrupted. Writers register the path
/// of each temporary file while it exists; a SIGINT, SIGTERM or SIGHUP handler unlinks every
/// registered path (unlink is async-signal-safe; nothing here allocates or locks in the handler)
/// and then lets the signal kill the process with its default action, so a shell still sees
/// 128 + signal (130 for Ctrl-C). On Windows a console control handler does the same for Ctrl-C,
/// Ctrl-Break, a closing console window, logoff and shutdown, then lets the default handler end
/// the process (exit code STATUS_CONTROL_C_EXIT). SIGKILL (TerminateProcess) cannot be caught:
/// sweep_stale_temp_files() removes what a killed writer left on the next run.

#include <cstdint>

namespace winml::platform {

/// A registered path; pass it back to unregister_temp_path. Empty (slot < 0) when the registry
/// was full or the path too long: the file is then only swept on a later run.
struct TempRegistration {
  int slot = -1;
  std::uint32_t generation = 0;
};

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP, except for a signal whose disposition is
/// SIG_IGN (nohup, background jobs): those stay ignored. On Windows, installs the console control
/// handler (an ignored Ctrl-C stays ignored). Call once at program start.
void remove_temp_files_on_signal();

/// Records `path` (copied) for deletion on a signal. Never throws.
TempRegistration register_temp_path(const char* path) noexcept;

/// Forgets a registration (after the file was renamed into place or deleted). Never throws.
void unregister_temp_path(TempRegistration registration) noexcept;

/// The entry points of one copy of this registry. A plugin that carries its own copy of winml's
/// platform code (libwinml_onnx_io.so links it statically) is handed the program's, so that its
/// temporary files are registered where the installed signal handlers look.
struct TempRegistry {
  TempRegistration (*register_path)(const char* path) noexcept = nullptr;
  void (*unregister_path)(TempRegistration registration) noexcept = nullptr;
};

/// This copy's own registry (the one remove_temp_files_on_signal's handlers empty).
TempRegistry own_temp_registry() noexcept;

/// From now on register_temp_path and unregister_temp_path of this copy go to `host`. Call once,
/// before any temporary file exists, in a plugin's entry point.
void use_temp_registry(TempRegistry host) noexcept;

/// Unlinks every registered path now, as the signal handler does, and forgets them. Returns how
/// many were registered. Async-signal-safe.
int remove_registered_temp_paths() noexcept;

}  // namespace winml::platform
