#pragma once
// What the process benchmarks share: the wall time of one child process started with posix_spawn
// (the benchmarks measure whole command lines, start-up included) and the median of such times.
// Header-only: each benchmark is one small executable.

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

extern char** environ;

namespace winml::bench {

/// Which of the child's streams go to /dev/null.
enum class Silenced { stdout_only, stdout_and_stderr };

/// Wall time of one run of args[0] (a path) in seconds; negative when it could not be started or
/// exited with anything but 0.
inline double spawn_seconds(std::vector<std::string> args, Silenced silenced) {
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  if (silenced == Silenced::stdout_and_stderr) posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? seconds : -1;
}

/// The middle value (the upper one of an even count): the headline of a run of timings.
inline double median(std::vector<double> times) {
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace winml::bench
