// What read_file_bounded does with the special files only POSIX systems have at ordinary paths.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "platform/read_file.h"
#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;

TEST(ReadFilePosix, AFifoWithoutAWriterIsRefusedAtOnce) {
  test::TempDir dir;
  const fs::path fifo = dir.path() / "input_0.pb";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(read_file_bounded(fifo, 100).problem, ReadProblem::special);
  // Where a pipe is allowed, one nobody writes to reads as empty, without waiting.
  const FileRead pipe = read_file_bounded(fifo, {.max_bytes = 100, .allow_pipe = true});
  EXPECT_EQ(pipe.problem, ReadProblem::none);
  EXPECT_TRUE(pipe.bytes.empty());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

TEST(ReadFilePosix, DevicesAndLinksToThemAreRefusedUnread) {
  test::TempDir dir;
  fs::create_symlink("/dev/zero", dir.path() / "zeros.pb");
  for (const fs::path& path : {fs::path("/dev/zero"), dir.path() / "zeros.pb", fs::path("/dev/null")}) {
    EXPECT_EQ(read_file_bounded(path, 100).problem, ReadProblem::special) << path;
    EXPECT_EQ(read_file_bounded(path, {.max_bytes = 100, .allow_pipe = true}).problem, ReadProblem::special) << path;
  }
  fs::create_symlink(dir.path() / "nothing", dir.path() / "dangling");
  EXPECT_EQ(read_file_bounded(dir.path() / "dangling", 100).problem, ReadProblem::missing);
}

TEST(ReadFilePosix, APipeIsReadToItsEndOrOnePastTheBound) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], "hello", 5), 5);
  ::close(fds[1]);
  const fs::path path = "/dev/fd/" + std::to_string(fds[0]);
  const FileRead read = read_file_bounded(path, {.max_bytes = 5, .allow_pipe = true});
  EXPECT_EQ(read.problem, ReadProblem::none);
  EXPECT_EQ(read.bytes, "hello");
  ::close(fds[0]);

  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], "hello!", 6), 6);
  ::close(fds[1]);
  const FileRead over = read_file_bounded("/dev/fd/" + std::to_string(fds[0]), {.max_bytes = 5, .allow_pipe = true});
  EXPECT_EQ(over.problem, ReadProblem::too_large);
  ::close(fds[0]);
}

TEST(ReadFilePosix, AnUnreadableFileSaysWhy) {
  if (::geteuid() == 0) GTEST_SKIP() << "root reads every file";
  test::TempDir dir;
  const fs::path file = dir.path() / "secret";
  std::ofstream(file) << "x";
  fs::permissions(file, fs::perms::none);
  const FileRead read = read_file_bounded(file, 100);
  EXPECT_EQ(read.problem, ReadProblem::unreadable);
  EXPECT_EQ(read.reason, "Permission denied");
}

TEST(ReadFilePosix, OpenRegularFileRefusesWhatReadingWould) {
  test::TempDir dir;
  const fs::path fifo = dir.path() / "model.onnx";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  FileRead why;
  EXPECT_EQ(open_regular_file(fifo, why), nullptr);
  EXPECT_EQ(why.problem, ReadProblem::special);
  EXPECT_EQ(open_regular_file("/dev/zero", why), nullptr);
  std::ofstream(dir.path() / "real.onnx") << "onnx";
  std::FILE* file = open_regular_file(dir.path() / "real.onnx", why);
  ASSERT_NE(file, nullptr);
  char text[8] = {};
  EXPECT_EQ(std::fread(text, 1, sizeof text, file), 4u);
  std::fclose(file);
}

}  // namespace
}  // namespace winml::platform
