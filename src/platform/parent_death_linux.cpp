#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cstdlib>
#include <initializer_list>

#include "platform/parent_death.h"

namespace winml::platform {

void die_with_parent() {
  const pid_t parent = ::getppid();
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  // The parent may have died between fork and prctl; then we were re-parented already.
  if (::getppid() != parent) std::_Exit(1);
}

void crash_by_signal() {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  ::sigemptyset(&action.sa_mask);
  for (int number : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) ::sigaction(number, &action, nullptr);
}

}  // namespace winml::platform
