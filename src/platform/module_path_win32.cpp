#include "platform/module_path_win32.h"

#include <windows.h>

#include <string>

namespace winml::platform::win32 {

std::filesystem::path module_path(void* module) {
  std::wstring buffer(MAX_PATH, L'\0');
  while (true) {
    const DWORD length =
        ::GetModuleFileNameW(static_cast<HMODULE>(module), buffer.data(), static_cast<DWORD>(buffer.size()));
    if (length == 0) return {};
    // A full buffer means the name may have been cut short: try again with twice the room.
    if (length < buffer.size()) return std::filesystem::path(buffer.substr(0, length));
    if (buffer.size() >= 32768) return {};  // longer than any Windows path
    buffer.resize(buffer.size() * 2);
  }
}

}  // namespace winml::platform::win32
