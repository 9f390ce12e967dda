#pragma once
// What a system tool prints (uname, getconf, lscpu), for tests that compare winml's machine facts
// with the system's own answer.

#include <gtest/gtest.h>

#include <string>

#include "test_support/run_command.h"

namespace winml::test {

/// stdout of `command` run through the shell, without trailing line ends; a failing command fails
/// the calling test.
inline std::string tool_output(const std::string& command) {
  const CommandResult result = run_command(command);
  EXPECT_EQ(result.exit_code, 0) << command << ": " << result.err;
  std::string out = result.out;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace winml::test
