#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <thread>

#include <fmt/format.h>

#include "platform/describe_signal.h"
#include "platform/subprocess.h"
#include "winml/errors.h"

extern char** environ;

namespace winml::platform {
namespace {

using Clock = std::chrono::steady_clock;

// Owns a file descriptor so every early return closes it.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// Our environment with the overrides applied, as the NAME=VALUE strings posix_spawn takes.
std::vector<std::string> child_environment(const std::vector<std::pair<std::string, std::string>>& overrides) {
  std::map<std::string, std::string> vars;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    std::string_view text(*entry);
    auto eq = text.find('=');
    if (eq != std::string_view::npos) vars[std::string(text.substr(0, eq))] = std::string(text.substr(eq + 1));
  }
  for (const auto& [name, value] : overrides) vars[name] = value;
  std::vector<std::string> out;
  out.reserve(vars.size());
  for (const auto& [name, value] : vars) out.push_back(name + "=" + value);
  return out;
}

std::vector<char*> c_strings(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Reads whatever the pipe holds now; keeps the last `limit` bytes. Returns false at end of file.
bool drain(int fd, std::string& output, std::size_t limit) {
  char buffer[4096];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      output.append(buffer, static_cast<std::size_t>(n));
      if (output.size() > 2 * limit) output.erase(0, output.size() - limit);
      continue;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

// True once the child has exited; it stays a zombie (WNOWAIT) so its pid, and with it the id of
// its process group, cannot be reused before we kill the group.
bool has_exited(pid_t pid) {
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    if (errno != EINTR) return true;  // ECHILD: nothing left to wait for
  }
  return info.si_pid == pid;
}

int reap(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

void spawn_attributes(posix_spawnattr_t& attr) {
  ::posix_spawnattr_init(&attr);
  // A new process group (pgid = child pid) lets us kill the child and all its descendants.
  ::posix_spawnattr_setpgroup(&attr, 0);
  sigset_t none;
  sigset_t all;
  sigemptyset(&none);
  sigfillset(&all);
  ::posix_spawnattr_setsigmask(&attr, &none);
  // Signals we ignore (e.g. SIGPIPE) would otherwise stay ignored in the child.
  ::posix_spawnattr_setsigdefault(&attr, &all);
  ::posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}

}  // namespace

ProcessResult run_process(const ProcessOptions& options) {
  ProcessResult result;
  if (options.argv.empty()) {
    result.error = "no program given";
    return result;
  }
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    throw Error(ErrorCategory::runtime, fmt::format("cannot create a pipe for a child process: {}. Close some "
                                                    "files or processes and retry.",
                                                    std::strerror(errno)));
  }
  Fd read_end{fds[0]};
  Fd write_end{fds[1]};

  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  ::posix_spawn_file_actions_adddup2(&actions, write_end.fd, 1);
  ::posix_spawn_file_actions_adddup2(&actions, write_end.fd, 2);
  posix_spawnattr_t attr;
  spawn_attributes(attr);

  std::vector<std::string> args = options.argv;
  std::vector<std::string> env = child_environment(options.env);
  std::vector<char*> argv = c_strings(args);
  std::vector<char*> envp = c_strings(env);
  const auto start = Clock::now();
  pid_t pid = -1;
  int rc = ::posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), envp.data());
  ::posix_spawn_file_actions_destroy(&actions);
  ::posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    result.error = fmt::format("{}: {}", options.argv[0], std::strerror(rc));
    return result;
  }
  ::close(write_end.fd);
  write_end.fd = -1;
  ::fcntl(read_end.fd, F_SETFL, ::fcntl(read_end.fd, F_GETFL) | O_NONBLOCK);

  std::optional<Clock::time_point> deadline;
  if (options.timeout) deadline = start + *options.timeout;
  bool pipe_open = true;
  bool timed_out = false;
  while (!has_exited(pid)) {
    auto wait = std::chrono::milliseconds(50);
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
      if (left.count() <= 0) {
        timed_out = true;
        break;
      }
      wait = std::min(wait, left + std::chrono::milliseconds(1));
    }
    if (pipe_open) {
      pollfd p{read_end.fd, POLLIN, 0};
      ::poll(&p, 1, static_cast<int>(wait.count()));
      pipe_open = drain(read_end.fd, result.output, options.output_limit);
    } else {
      // The child closed its output but still runs: poll() would return at once, so sleep.
      std::this_thread::sleep_for(std::min(wait, std::chrono::milliseconds(10)));
    }
  }
  // Whatever is left of the child's group (a timed-out child, or helpers it left behind) ends now.
  ::kill(-pid, SIGKILL);
  int status = reap(pid);
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  drain(read_end.fd, result.output, options.output_limit);
  if (result.output.size() > options.output_limit) {
    result.output.erase(0, result.output.size() - options.output_limit);
  }
  if (timed_out) {
    result.status = ExitStatus::timed_out;
  } else if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
    result.status = result.exit_code == 0 ? ExitStatus::success : ExitStatus::failure;
  } else {
    result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    result.status = ExitStatus::signaled;
  }
  return result;
}

std::string describe_signal(int signal) {
  return fmt::format("was killed by signal {} ({})", signal, ::strsignal(signal));
}

}  // namespace winml::platform
