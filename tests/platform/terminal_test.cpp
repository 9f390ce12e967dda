#include "platform/terminal.h"

#include <unistd.h>

#include <gtest/gtest.h>

namespace winml::platform {
namespace {

// Under ctest both streams are pipes; run by hand they may be a terminal: compare with the kernel's answer.
TEST(Terminal, AnswersForTheStreamAsked) {
  EXPECT_EQ(is_terminal(StandardStream::output), ::isatty(STDOUT_FILENO) == 1);
  EXPECT_EQ(is_terminal(StandardStream::error), ::isatty(STDERR_FILENO) == 1);
}

}  // namespace
}  // namespace winml::platform
