#pragma once
/// \file
/// Where winml keeps its caches and default reports.

#include <filesystem>

namespace winml::storage {

/// $WINML_CACHE_DIR when set, else winml's folder in the user's cache folder (platform/user_folders.h:
/// $XDG_CACHE_HOME/winml or ~/.cache/winml on Linux, %LOCALAPPDATA%\winml on Windows), else a
/// winml-cache folder in the system's temporary folder.
std::filesystem::path cache_root();

}  // namespace winml::storage
