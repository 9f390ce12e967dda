// Interrupting `winml bundle synth` mid-write: SIGINT and SIGTERM delete the temporary files in
// flight and exit by the signal (130 for SIGINT in a shell); after SIGKILL, which cannot be
// caught, the next run into the same folder sweeps what the killed run left.

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

extern char** environ;

namespace winml {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// Temporary files (ours are "<name>.tmp-<pid>-XXXXXX") in dir, with their sizes.
std::vector<std::pair<std::string, std::uintmax_t>> temp_files(const fs::path& dir) {
  std::vector<std::pair<std::string, std::uintmax_t>> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.find(".tmp-") != std::string::npos) found.emplace_back(name, fs::file_size(it->path(), ec));
  }
  return found;
}

pid_t start_synth(const fs::path& out) {
  const std::string binary = test::winml_binary();
  const std::string out_arg = out.string();
  // The bench preset streams ~1.9 GB of weights into model.onnx.data through a temporary file.
  std::vector<const char*> argv = {binary.c_str(), "bundle", "synth",         "--preset", "bench",
                                   "-q",           "-o",     out_arg.c_str(), nullptr};
  pid_t pid = -1;
  if (::posix_spawn(&pid, binary.c_str(), nullptr, nullptr, const_cast<char* const*>(argv.data()), environ) != 0) {
    return -1;
  }
  return pid;
}

// Waits until the run has written at least `bytes` into a temporary file; false on timeout or
// when the child exited first.
bool wait_for_temp_bytes(pid_t pid, const fs::path& dir, std::uintmax_t bytes) {
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (std::chrono::steady_clock::now() < deadline) {
    for (const auto& [name, size] : temp_files(dir)) {
      if (size >= bytes) return true;
    }
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) return false;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

int wait_status(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

// Starts the bench synth and returns once it is 16 MB into a temporary file; -1 when it never
// gets there (the run is killed then).
pid_t start_synth_mid_write(const fs::path& out) {
  const pid_t pid = start_synth(out);
  if (pid > 0 && !wait_for_temp_bytes(pid, out, 16u << 20)) {
    ::kill(pid, SIGKILL);
    wait_status(pid);
    return -1;
  }
  return pid;
}

std::string temp_file_listing(const fs::path& dir) {
  std::string text;
  for (const auto& [name, size] : temp_files(dir)) text += name + " (" + std::to_string(size) + " bytes)\n";
  return text;
}

class InterruptedSynth : public ::testing::TestWithParam<int> {};

TEST_P(InterruptedSynth, LeavesNoTemporaryFileAndExitsByTheSignal) {
  const int sig = GetParam();
  test::TempDir root;
  const fs::path out = root.path() / "big";
  const pid_t pid = start_synth_mid_write(out);
  ASSERT_GT(pid, 0) << "the synth run never wrote 16 MB into a temporary file";
  ASSERT_EQ(::kill(pid, sig), 0);
  const int status = wait_status(pid);
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(WTERMSIG(status), sig);
  // What a shell reports: 128 + signal, 130 for Ctrl-C.
  EXPECT_EQ(128 + WTERMSIG(status), sig == SIGINT ? 130 : 143);
  EXPECT_TRUE(temp_files(out).empty()) << temp_file_listing(out);
}

INSTANTIATE_TEST_SUITE_P(Signals, InterruptedSynth, ::testing::Values(SIGINT, SIGTERM));

TEST(KilledSynth, TheNextRunIntoTheSameFolderSweepsWhatTheKilledRunLeft) {
  test::TempDir root;
  const fs::path out = root.path() / "big";
  const pid_t pid = start_synth_mid_write(out);
  ASSERT_GT(pid, 0) << "the synth run never wrote 16 MB into a temporary file";
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  const int status = wait_status(pid);
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
  ASSERT_FALSE(temp_files(out).empty()) << "SIGKILL cannot be caught: the temporary file should still be there";
  // The same command into the same folder (a smaller shape, so the test stays quick): the leftover
  // does not make the folder "not empty", and it is gone afterwards.
  auto rerun = test::run_winml("bundle synth -q -o " + out.string());
  EXPECT_EQ(rerun.exit_code, 0) << rerun.err;
  EXPECT_TRUE(temp_files(out).empty()) << temp_file_listing(out);
  EXPECT_TRUE(fs::exists(out / "genai_config.json"));
}

}  // namespace
}  // namespace winml
