#pragma once
// Runs the real winml binary for end-to-end tests and captures what it printed.

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace winml::test {

/// Exit code and output of one command.
struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// The winml binary of this build.
inline std::string winml_binary() { return std::string(WINML_TEST_BIN_DIR) + "/winml"; }

/// Runs `command` through the shell (arguments must already be quoted), capturing stdout and
/// stderr separately.
inline CommandResult run_command(const std::string& command) {
  auto err_path = std::filesystem::temp_directory_path() / ("winml-test-err-" + std::to_string(::getpid()) + "-" +
                                                            std::to_string(reinterpret_cast<std::uintptr_t>(&command)));
  CommandResult result;
  std::string full = command + " 2>" + err_path.string();
  FILE* pipe = ::popen(full.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::ifstream err(err_path);
  std::stringstream text;
  text << err.rdbuf();
  result.err = text.str();
  std::filesystem::remove(err_path);
  return result;
}

/// Runs winml with the given (already quoted) arguments.
inline CommandResult run_winml(const std::string& args) { return run_command(winml_binary() + " " + args); }

}  // namespace winml::test
