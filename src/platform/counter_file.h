#pragma once
/// \file
/// A small counter file kept open and read again at every tick of the resource sampler (/proc/stat,
/// /proc/self/statm, a powercap energy counter): opened once, then each read rereads it from its
/// start into the caller's buffer, so a tick makes no allocation and opens nothing.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

namespace winml::platform {

/// One counter file, open for reading from construction to destruction. Not copyable; movable.
class CounterFile {
 public:
  CounterFile() = default;
  /// Opens `path` for reading; is_open() says whether it could, error() why not.
  explicit CounterFile(const std::filesystem::path& path);
  ~CounterFile();
  CounterFile(CounterFile&& other) noexcept;
  CounterFile& operator=(CounterFile&& other) noexcept;
  CounterFile(const CounterFile&) = delete;
  CounterFile& operator=(const CounterFile&) = delete;

  bool is_open() const { return handle_ != kClosed; }
  /// Why the open failed, in the system's words ("Permission denied"); empty when open.
  const std::string& error() const { return error_; }

  /// The file's first buffer.size() bytes at most, read from its start into `buffer`; empty when
  /// closed or when the read fails. Never allocates or throws.
  std::string_view read(std::span<char> buffer) const noexcept;

 private:
  static constexpr std::intptr_t kClosed = -1;
  void close() noexcept;
  std::intptr_t handle_ = kClosed;  // a file descriptor, or a Windows HANDLE
  std::string error_;
};

}  // namespace winml::platform
