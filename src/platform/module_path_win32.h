#pragma once
// For the *_win32.cpp files only: the file a loaded module (an .exe or a .dll) was loaded from.

#include <filesystem>

namespace winml::platform::win32 {

/// The full path of `module` (an HMODULE; null for the program's .exe); empty when Windows cannot
/// tell.
std::filesystem::path module_path(void* module);

}  // namespace winml::platform::win32
