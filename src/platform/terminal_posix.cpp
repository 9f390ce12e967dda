#include "platform/terminal.h"

#include <unistd.h>

namespace winml::platform {

bool is_terminal(StandardStream stream) {
  return ::isatty(stream == StandardStream::error ? STDERR_FILENO : STDOUT_FILENO) == 1;
}

}  // namespace winml::platform
