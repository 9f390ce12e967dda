#pragma once
/// \file
/// Where this program's executable lives, so helpers installed beside it (the compile worker) are
/// found wherever winml was unpacked.

#include <filesystem>

namespace winml::platform {

/// The absolute path of the running executable; empty when the system cannot tell.
std::filesystem::path current_executable_path();

}  // namespace winml::platform
