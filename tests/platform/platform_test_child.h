#pragma once
// Runs winml-platform-test-child (test_child.cpp), which is built beside the platform tests.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "platform/executable_path.h"
#include "platform/subprocess.h"
#include "platform/utf8_path.h"

namespace winml::test {

/// The helper program's path, UTF-8.
inline std::string platform_test_child() {
  const std::filesystem::path exe = platform::current_executable_path();
  return platform::utf8_string(exe.parent_path() / ("winml-platform-test-child" + exe.extension().string()));
}

/// Runs the helper with `args`, waiting at most `timeout`.
inline platform::ProcessResult run_platform_test_child(const std::vector<std::string>& args,
                                                       std::optional<std::chrono::milliseconds> timeout = {}) {
  platform::ProcessOptions options;
  options.argv = {platform_test_child()};
  options.argv.insert(options.argv.end(), args.begin(), args.end());
  options.timeout = timeout;
  return platform::run_process(options);
}

}  // namespace winml::test
