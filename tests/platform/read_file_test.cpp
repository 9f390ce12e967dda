#include "platform/read_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "platform/atomic_file.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

TEST(ReadFile, ARegularFileIsReadWhole) {
  test::TempDir dir;
  write(dir.path() / "a.txt", std::string("one\0two", 7));
  const FileRead read = read_file_bounded(dir.path() / "a.txt", 1024);
  EXPECT_EQ(read.problem, ReadProblem::none);
  EXPECT_EQ(read.bytes, std::string("one\0two", 7));
  write(dir.path() / "empty", "");
  EXPECT_EQ(read_file_bounded(dir.path() / "empty", 0).problem, ReadProblem::none);
}

TEST(ReadFile, TheBoundIsInclusiveAndCheckedBeforeReading) {
  test::TempDir dir;
  write(dir.path() / "ten", std::string(10, 'x'));
  EXPECT_EQ(read_file_bounded(dir.path() / "ten", 10).bytes.size(), 10u);
  const FileRead over = read_file_bounded(dir.path() / "ten", 9);
  EXPECT_EQ(over.problem, ReadProblem::too_large);
  EXPECT_EQ(over.size, 10u);
  EXPECT_TRUE(over.bytes.empty());
}

TEST(ReadFile, ASparseFileOfGigabytesIsRefusedWithoutReadingIt) {
  test::TempDir dir;
  const fs::path sparse = dir.path() / "sparse.pb";
  write(sparse, "");
  std::error_code ec;
  fs::resize_file(sparse, std::uint64_t{3} << 30, ec);  // 3 GiB of nothing, on any file system that allows it
  if (ec) GTEST_SKIP() << "cannot make a sparse file here: " << ec.message();
  const auto start = std::chrono::steady_clock::now();
  const FileRead read = read_file_bounded(sparse, std::uint64_t{2} << 30);
  EXPECT_EQ(read.problem, ReadProblem::too_large);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST(ReadFile, MissingFoldersAndFilesAreNamed) {
  test::TempDir dir;
  EXPECT_EQ(read_file_bounded(dir.path() / "nope", 10).problem, ReadProblem::missing);
  EXPECT_EQ(read_file_bounded(dir.path() / "nope" / "deeper", 10).problem, ReadProblem::missing);
  EXPECT_EQ(read_file_bounded(dir.path(), 10).problem, ReadProblem::folder);
  write(dir.path() / "file", "x");
  EXPECT_EQ(read_file_bounded(dir.path() / "file" / "below", 10).problem, ReadProblem::missing);
}

TEST(ReadFile, ARangeIsReadFromItsOffset) {
  test::TempDir dir;
  write(dir.path() / "data", "0123456789");
  FileRead read = read_file_bounded(dir.path() / "data", {.max_bytes = 4, .offset = 3, .length = 4});
  EXPECT_EQ(read.problem, ReadProblem::none);
  EXPECT_EQ(read.bytes, "3456");
  EXPECT_EQ(read_file_bounded(dir.path() / "data", {.max_bytes = 100, .offset = 8}).bytes, "89");
  EXPECT_EQ(read_file_bounded(dir.path() / "data", {.max_bytes = 100, .offset = 8, .length = 3}).problem,
            ReadProblem::short_file);
  EXPECT_EQ(read_file_bounded(dir.path() / "data", {.max_bytes = 100, .offset = 11}).problem, ReadProblem::short_file);
  EXPECT_EQ(read_file_bounded(dir.path() / "data", {.max_bytes = 3, .offset = 2, .length = 4}).problem,
            ReadProblem::too_large);
  // The largest bound does not wrap.
  EXPECT_EQ(read_file_bounded(dir.path() / "data", {.max_bytes = UINT64_MAX, .offset = 5}).bytes, "56789");
}

TEST(ReadFile, ACheckReadsNothing) {
  test::TempDir dir;
  write(dir.path() / "data", "0123456789");
  const FileRead check = read_file_bounded(dir.path() / "data", {.max_bytes = 10, .check_only = true});
  EXPECT_EQ(check.problem, ReadProblem::none);
  EXPECT_TRUE(check.bytes.empty());
  EXPECT_EQ(check.size, 10u);
  EXPECT_EQ(read_file_bounded(dir.path() / "data", {.max_bytes = 9, .check_only = true}).problem,
            ReadProblem::too_large);
}

TEST(ReadFile, TheThrowingFormsNameTheFileTheKindAndTheBound) {
  test::TempDir dir;
  write(dir.path() / "big.json", std::string(2048, ' '));
  try {
    read_regular_file(dir.path() / "big.json", 1024, "a winml perf report", ErrorCategory::usage, "Pass a report.");
    FAIL() << "read past the bound";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("big.json is larger than the 1 KiB a winml perf report may be (it is 2 KiB)"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("Pass a report."), std::string::npos) << message;
  }
  try {
    read_regular_file(dir.path(), 1024, "genai_config.json", ErrorCategory::load);
    FAIL() << "read a folder";
  } catch (const GenaiLoadError& e) {
    EXPECT_NE(std::string(e.what()).find("is not a regular file but a folder"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(read_regular_file_if_present(dir.path() / "absent", 10, "x").has_value());
  EXPECT_THROW(read_regular_file(dir.path() / "absent", 10, "x"), UsageError);
}

TEST(ReadFile, SizesReadAsDocumented) {
  EXPECT_EQ(byte_size_text(16 * kMiB), "16 MiB");
  EXPECT_EQ(byte_size_text(256 * kMiB), "256 MiB");
  EXPECT_EQ(byte_size_text((std::uint64_t{2} << 30)), "2 GiB");
  EXPECT_EQ(byte_size_text((std::uint64_t{3} << 30) + 1), "3072.0 MiB");
  EXPECT_EQ(byte_size_text(16 * kMiB + kMiB / 2), "16.5 MiB");
  EXPECT_EQ(byte_size_text(1024), "1 KiB");
  EXPECT_EQ(byte_size_text(1000), "1000 bytes");
  EXPECT_EQ(byte_size_text(1), "1 byte");
}

TEST(NewFilePath, TheMissingPartIsNormalisedTheExistingPartKept) {
  test::TempDir dir;
  const fs::path& root = dir.path();
  fs::create_directories(root / "sub");
  EXPECT_EQ(new_file_path(root / "x.html" / ".." / "r.html"), root / "r.html");
  EXPECT_EQ(new_file_path(root / "a" / "b" / ".." / ".." / "sub" / "r.html"), root / "sub" / "r.html");
  EXPECT_EQ(new_file_path(root / "new" / "." / "r.json"), root / "new" / "r.json");
#ifndef _WIN32
  // Unchanged when nothing missing is followed by a dot: the system resolves what exists. (The
  // Win32 path functions normalise every `..` lexically, which names the same file there.)
  EXPECT_EQ(new_file_path(root / "sub" / ".." / "r.json"), root / "sub" / ".." / "r.json");
#endif
  EXPECT_EQ(new_file_path(root / "new" / "r.json"), root / "new" / "r.json");
  EXPECT_EQ(new_file_path(fs::path("missing-x") / ".." / "r.json"), fs::path("r.json"));
}

TEST(NewFilePath, WritingThroughADotDotLeavesNoStrayFolder) {
  test::TempDir dir;
  write_file_atomically(dir.path() / "x.html" / ".." / "r.html", "page");
  EXPECT_TRUE(fs::is_regular_file(dir.path() / "r.html"));
  EXPECT_FALSE(fs::exists(dir.path() / "x.html"));
}

}  // namespace
}  // namespace winml::platform
