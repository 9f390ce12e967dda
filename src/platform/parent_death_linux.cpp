#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <initializer_list>

#include "platform/parent_death.h"

namespace winml::platform {

namespace {

// True when stdout is a pipe that nobody reads any more. A dying process closes its files before
// its children are re-parented, so once getppid() could mislead us this already tells.
bool output_pipe_abandoned() {
  struct stat info {};
  if (::fstat(STDOUT_FILENO, &info) != 0 || !S_ISFIFO(info.st_mode)) return false;
  pollfd out{STDOUT_FILENO, POLLOUT, 0};
  return ::poll(&out, 1, 0) == 1 && (out.revents & POLLERR) != 0;
}

}  // namespace

void die_with_parent() {
  const pid_t parent = ::getppid();
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The parent may have died before prctl: between the two getppid() calls, or between spawn and
  // main(), which only the abandoned pipe shows (the kernel sends no signal to a process that asks
  // after its parent's death).
  if (::getppid() != parent || output_pipe_abandoned()) std::_Exit(1);
}

void crash_by_signal() {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  ::sigemptyset(&action.sa_mask);
  for (int number : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) ::sigaction(number, &action, nullptr);
}

}  // namespace winml::platform
