#pragma once
/// \file
/// Where winml keeps its caches and default reports.

#include <filesystem>

namespace winml {

/// $WINML_CACHE_DIR when set, else $XDG_CACHE_HOME/winml, else ~/.cache/winml.
std::filesystem::path cache_root();

}  // namespace winml
