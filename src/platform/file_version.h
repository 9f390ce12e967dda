#pragma once
/// \file
/// The version a library file declares about itself, where the system has such a thing: a
/// Windows DLL's version resource (VS_FIXEDFILEINFO). ELF shared objects carry none.

#include <filesystem>
#include <string>

namespace winml::platform {

/// "major.minor.patch" from `file`'s version resource; empty when it has none (always on POSIX).
std::string declared_file_version(const std::filesystem::path& file);

}  // namespace winml::platform
