#pragma once
/// \file
/// The per-user folders the operating system designates for an application's data, so winml's
/// caches and default reports land where the platform's conventions (and its cleanup tools) expect.

#include <filesystem>

namespace winml::platform {

/// The folder for per-user, non-roaming caches, without winml's own sub-folder: $XDG_CACHE_HOME,
/// else $HOME/.cache on Linux; %LOCALAPPDATA% (the Local AppData known folder) on Windows. Empty
/// when the environment names none (a service account without a home, say).
std::filesystem::path user_cache_folder();

}  // namespace winml::platform
