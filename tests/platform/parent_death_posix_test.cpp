// die_with_parent() in a child whose parent has gone before the child could ask: the output pipe
// run_process() hands a child has no reader any more, and the child must stop at once.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include <gtest/gtest.h>

#include "platform/parent_death.h"

namespace winml::platform {
namespace {

// Forks a child whose stdout is a fresh pipe, with the read end closed first when `abandoned`;
// the child calls die_with_parent() and exits 0 if that returns. Returns the child's wait status.
int status_of_child(bool abandoned) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    int fds[2];
    if (::pipe(fds) != 0 || ::dup2(fds[1], STDOUT_FILENO) < 0) std::_Exit(3);
    if (abandoned) ::close(fds[0]);
    die_with_parent();
    std::_Exit(0);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

TEST(ParentDeath, AChildWhoseOutputNobodyReadsStopsAtOnce) {
  const int status = status_of_child(true);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
}

TEST(ParentDeath, AChildWhoseParentReadsItsOutputCarriesOn) {
  const int status = status_of_child(false);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace winml::platform
