// fork/exec rather than popen: the suite needs a clean environment, a chosen stdin/stdout, a
// signal at a chosen time, and the real exit status including death by signal.

#include "bad_input/process_run.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace winml::test {
namespace {

std::vector<std::string> build_environment(const ProcessSpec& spec) {
  std::map<std::string, std::string> merged;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    std::string text(*entry);
    auto eq = text.find('=');
    if (eq != std::string::npos) merged[text.substr(0, eq)] = text.substr(eq + 1);
  }
  for (const auto& name : spec.env_unset) merged.erase(name);
  for (const auto& [name, value] : spec.env_set) merged[name] = value;
  std::vector<std::string> out;
  for (const auto& [name, value] : merged) out.push_back(name + "=" + value);
  return out;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int open_or_die(const char* path, int flags) {
  int fd = ::open(path, flags, 0644);
  if (fd < 0) _exit(126);
  return fd;
}

}  // namespace

ProcessOutcome run_process(const ProcessSpec& spec) {
  auto capture_dir = spec.cwd.parent_path();
  auto out_capture = capture_dir / ".winml-bad-input-stdout";
  auto err_capture = capture_dir / ".winml-bad-input-stderr";
  std::string stdin_path = spec.stdin_path ? spec.stdin_path->string() : "/dev/null";
  std::string stdout_path = spec.stdout_path ? spec.stdout_path->string() : out_capture.string();
  std::string stderr_path = err_capture.string();
  std::string cwd = spec.cwd.string();

  std::vector<std::string> argv_strings{spec.program};
  argv_strings.insert(argv_strings.end(), spec.args.begin(), spec.args.end());
  auto env_strings = build_environment(spec);
  auto argv = pointers(argv_strings);
  auto envp = pointers(env_strings);

  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(open_or_die(stdin_path.c_str(), O_RDONLY), 0);
    ::dup2(open_or_die(stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC), 1);
    ::dup2(open_or_die(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC), 2);
    if (::chdir(cwd.c_str()) != 0) _exit(126);
    ::execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }

  ProcessOutcome outcome;
  bool signalled = spec.signal == 0;
  bool planted = !spec.during;
  int status = 0;
  for (;;) {
    pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!planted && elapsed * 1000 >= spec.during_after_ms) {
      spec.during();
      planted = true;
    }
    if (!signalled && elapsed * 1000 >= spec.signal_after_ms) {
      ::kill(pid, spec.signal);
      signalled = true;
    }
    if (elapsed > spec.time_limit_s) {
      outcome.timed_out = true;
      ::kill(-pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (!spec.stdout_path) outcome.out = slurp(out_capture);
  outcome.err = slurp(err_capture);
  std::filesystem::remove(out_capture);
  std::filesystem::remove(err_capture);
  return outcome;
}

}  // namespace winml::test
