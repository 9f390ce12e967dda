#include <sys/ioctl.h>
#include <unistd.h>

#include "platform/terminal_columns.h"

namespace winml::platform {

std::optional<int> terminal_columns(StandardStream stream) {
  const int fd = stream == StandardStream::error ? STDERR_FILENO : STDOUT_FILENO;
  if (::isatty(fd) != 1) return std::nullopt;
  winsize size{};
  // A pseudo-terminal nobody sized (some CI runners) reports 0 columns.
  if (::ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return std::nullopt;
  return static_cast<int>(size.ws_col);
}

}  // namespace winml::platform
