#pragma once
// Writes a fuzz input where the code under test reads it from disk.

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace winml::fuzz {

/// Replaces `path` with `size` bytes of `data`: removes the old file and creates a new one rather
/// than truncating it. ext4 (auto_da_alloc) flushes a file truncated to zero and rewritten when
/// it is closed, so rewriting one file per input waited on the disk: most of each run's time.
inline void write_input_file(const std::filesystem::path& path, const void* data, std::size_t size) {
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
  std::ofstream out(path, std::ios::binary);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
}

}  // namespace winml::fuzz
