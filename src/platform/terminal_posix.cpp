#include "platform/terminal.h"

#include <unistd.h>

namespace winml::platform {

bool is_terminal(StandardStream stream) {
  return ::isatty(stream == StandardStream::error ? STDERR_FILENO : STDOUT_FILENO) == 1;
}

bool standard_input_is_terminal() { return ::isatty(STDIN_FILENO) == 1; }

// Terminals on POSIX systems interpret ANSI sequences without being asked.
bool enable_colour(StandardStream /*stream*/) { return true; }

void use_utf8_console() {}

}  // namespace winml::platform
