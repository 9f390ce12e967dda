#include <windows.h>

#include "platform/terminal.h"

namespace winml::platform {
namespace {

HANDLE handle_of(StandardStream stream) {
  return ::GetStdHandle(stream == StandardStream::error ? STD_ERROR_HANDLE : STD_OUTPUT_HANDLE);
}

}  // namespace

// Only a console has a console mode: a file, a pipe or NUL (which _isatty counts as a character
// device, hence a "terminal") has none.
bool is_terminal(StandardStream stream) {
  DWORD mode = 0;
  return ::GetConsoleMode(handle_of(stream), &mode) != 0;
}

bool standard_input_is_terminal() {
  DWORD mode = 0;
  return ::GetConsoleMode(::GetStdHandle(STD_INPUT_HANDLE), &mode) != 0;
}

bool enable_colour(StandardStream stream) {
  HANDLE console = handle_of(stream);
  DWORD mode = 0;
  if (::GetConsoleMode(console, &mode) == 0) return false;
  if ((mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0) return true;
  return ::SetConsoleMode(console, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0;
}

// Only a console has an output code page; files and pipes get winml's UTF-8 bytes unchanged.
void use_utf8_console() { ::SetConsoleOutputCP(CP_UTF8); }

}  // namespace winml::platform
