// Windows: CreateFileW once, ReadFile at offset 0 (an OVERLAPPED offset on a synchronous handle).
#include <windows.h>

#include "platform/counter_file.h"
#include "platform/utf16_win32.h"

namespace winml::platform {

CounterFile::CounterFile(const std::filesystem::path& path) {
  HANDLE file =
      CreateFileW(path.wstring().c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                  OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE) {
    error_ = win32::error_text(GetLastError());
    return;
  }
  handle_ = reinterpret_cast<std::intptr_t>(file);
}

void CounterFile::close() noexcept {
  if (handle_ != kClosed) CloseHandle(reinterpret_cast<HANDLE>(handle_));
  handle_ = kClosed;
}

std::string_view CounterFile::read(std::span<char> buffer) const noexcept {
  if (handle_ == kClosed || buffer.empty()) return {};
  OVERLAPPED at{};  // offset 0
  DWORD got = 0;
  const DWORD want = buffer.size() > 0x10000 ? 0x10000 : static_cast<DWORD>(buffer.size());
  if (!ReadFile(reinterpret_cast<HANDLE>(handle_), buffer.data(), want, &got, &at) || got == 0) return {};
  return {buffer.data(), got};
}

}  // namespace winml::platform
