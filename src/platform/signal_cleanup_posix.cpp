#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <initializer_list>

#include "platform/interrupt_request.h"
#include "platform/remove_file_now.h"
#include "platform/signal_cleanup.h"

namespace winml::platform {
namespace {

void on_signal(int sig) {
  // While a benchmark measures, the first Ctrl-C asks it to stop and report (interrupt_request.h).
  const int saved_errno = errno;
  if (sig == SIGINT && take_interrupt_as_stop_request()) {
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, kStopRequestNotice, sizeof kStopRequestNotice - 1);
    errno = saved_errno;
    return;
  }
  remove_registered_temp_paths();
  // Die of the same signal: the default action, delivered as soon as the handler returns
  // (the signal is blocked while its handler runs).
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  ::sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
  errno = saved_errno;
}

}  // namespace

void remove_file_now(const char* path) noexcept { ::unlink(path); }  // unlink is async-signal-safe

void remove_temp_files_on_signal() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = on_signal;
    ::sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(sig, &action, nullptr);
  }
}

}  // namespace winml::platform
