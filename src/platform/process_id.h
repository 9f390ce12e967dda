#pragma once
/// \file
/// This process's id, for names that must not collide between processes writing into the same
/// folder at once (staging files, partial output folders).

#include <cstdint>

namespace winml::platform {

/// The operating system's id of the calling process; never 0.
std::uint64_t current_process_id();

}  // namespace winml::platform
