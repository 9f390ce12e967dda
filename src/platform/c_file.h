#pragma once
/// \file
/// C stdio streams opened by path on every system: fopen takes the path's bytes on POSIX, but on
/// Windows a narrow name is read in the ANSI code page, so there the wide name is used (_wfopen).

#include <cstdio>
#include <filesystem>

namespace winml::platform {

/// std::fopen(`path`, `mode`) with the path in the system's native characters; nullptr with errno
/// set when it cannot be opened.
std::FILE* open_c_file(const std::filesystem::path& path, const char* mode);

}  // namespace winml::platform
