#include <windows.h>

#include "platform/terminal_columns.h"

namespace winml::platform {

// Only a console has a screen buffer: for a file, a pipe or NUL the call fails. The width that
// counts is the visible window's, not the (often 9001-line, wider) buffer's.
std::optional<int> terminal_columns(StandardStream stream) {
  HANDLE console = ::GetStdHandle(stream == StandardStream::error ? STD_ERROR_HANDLE : STD_OUTPUT_HANDLE);
  CONSOLE_SCREEN_BUFFER_INFO info{};
  if (console == nullptr || console == INVALID_HANDLE_VALUE || ::GetConsoleScreenBufferInfo(console, &info) == 0) {
    return std::nullopt;
  }
  const int columns = info.srWindow.Right - info.srWindow.Left + 1;
  if (columns <= 0) return std::nullopt;
  return columns;
}

}  // namespace winml::platform
