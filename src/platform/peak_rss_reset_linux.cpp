#include "platform/peak_rss_reset.h"

#include <fcntl.h>
#include <unistd.h>

namespace winml::platform {

bool reset_peak_rss() {
  const int fd = ::open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  // "5" resets the peak RSS only; "1".."4" would clear the pages' referenced and soft-dirty bits.
  const bool written = ::write(fd, "5", 1) == 1;
  ::close(fd);
  return written;
}

}  // namespace winml::platform
