// The POSIX signal handlers of signal_cleanup.h, driven through fork() and raise().
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include <gtest/gtest.h>

#include "platform/signal_cleanup.h"
#include "platform/temp_file.h"
#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;

// The child writes a temporary file, then is interrupted: the handler must delete the file and the
// child must still die of the signal (so a shell reports 128 + signal).
TEST(SignalCleanup, AnInterruptedWriterLeavesNoTemporaryFileAndDiesOfTheSignal) {
  for (int sig : {SIGINT, SIGTERM}) {
    test::TempDir dir;
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      remove_temp_files_on_signal();
      TempFile tmp(dir.path() / "model.onnx.data");
      ::raise(sig);
      ::_exit(0);  // not reached: the signal kills the process
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "exit status " << status;
    EXPECT_EQ(WTERMSIG(status), sig);
    EXPECT_EQ(test::entry_count(dir.path()), 0u) << "signal " << sig;
  }
}

TEST(SignalCleanup, LeavesAnIgnoredSignalIgnored) {
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::signal(SIGHUP, SIG_IGN);
    remove_temp_files_on_signal();
    ::raise(SIGHUP);
    ::_exit(7);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 7);
}

}  // namespace
}  // namespace winml::platform
