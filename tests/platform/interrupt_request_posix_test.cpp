// Ctrl-C as a stop request (interrupt_request.h), driven through fork() and raise(): the handlers
// are process-wide, so each case runs in a child.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "platform/interrupt_request.h"
#include "platform/signal_cleanup.h"

namespace winml::platform {
namespace {

// Runs `body` in a child with the handlers installed; returns its wait status.
template <class Body>
int in_child(Body body) {
  pid_t child = ::fork();
  if (child == 0) {
    remove_temp_files_on_signal();
    ::_exit(body());
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return status;
}

TEST(InterruptRequest, TheFirstCtrlCWhileMeasuringIsARequestNotTheEnd) {
  const int status = in_child([] {
    StopOnInterrupt measuring;
    if (interrupt_requested()) return 10;  // no request before the signal
    ::raise(SIGINT);
    return interrupt_requested() ? 0 : 11;
  });
  ASSERT_TRUE(WIFEXITED(status)) << "status " << status;
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(InterruptRequest, ASecondCtrlCEndsTheProcessAtOnce) {
  const int status = in_child([] {
    StopOnInterrupt measuring;
    ::raise(SIGINT);
    ::raise(SIGINT);
    return 0;  // not reached
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGINT);
}

TEST(InterruptRequest, OutsideAMeasurementCtrlCEndsTheProcess) {
  const int status = in_child([] {
    { StopOnInterrupt finished; }
    ::raise(SIGINT);
    return 0;  // not reached
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGINT);
}

TEST(InterruptRequest, TerminateIsNeverAStopRequest) {
  const int status = in_child([] {
    StopOnInterrupt measuring;
    ::raise(SIGTERM);
    return 0;  // not reached
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
}

TEST(InterruptRequest, ANewMeasurementStartsWithoutARequest) {
  const int status = in_child([] {
    {
      StopOnInterrupt first;
      ::raise(SIGINT);
    }
    StopOnInterrupt second;
    return interrupt_requested() ? 12 : 0;
  });
  ASSERT_TRUE(WIFEXITED(status)) << "status " << status;
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace winml::platform
