// Non-ASCII file and folder names through every platform call that takes a path: on Windows they
// cross the UTF-16 boundary, where a lossy conversion would lose or mangle them.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "platform/atomic_file.h"
#include "platform/file_identity.h"
#include "platform/file_kind.h"
#include "platform/file_lock.h"
#include "platform/temp_sweep.h"
#include "platform/utf8_path.h"
#include "test_support/file_bytes.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

TEST(UnicodePaths, AtomicReplaceKeepsTheName) {
  test::TempDir dir;
  const fs::path folder = dir.path() / fs::path(u8"donn\u00e9es-\u65e5\u672c");  // données-日本
  const fs::path report = folder / fs::path(u8"rapport-\u00e9t\u00e9.json");     // rapport-été.json
  write_file_atomically(report, "first");
  write_file_atomically(report, "second");
  EXPECT_THROW(write_file_atomically(report, "third", /*overwrite=*/false), UsageError);
  EXPECT_EQ(test::read_file_bytes(report), "second");
  // One file, under exactly the name asked for, and no temporary file left beside it.
  std::vector<fs::path> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename());
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(utf8_string(names[0]), "rapport-\xc3\xa9t\xc3\xa9.json");
  EXPECT_EQ(sweep_stale_temp_files(folder), 0u);
}

TEST(UnicodePaths, FileFactsAndProbes) {
  test::TempDir dir;
  const fs::path folder = dir.path() / fs::path(u8"\u00fcber");    // über
  const fs::path file = folder / fs::path(u8"\u6a21\u578b.onnx");  // 模型.onnx
  write_file_atomically(file, "12345");
  EXPECT_EQ(file_kind(file), FileKind::regular);
  EXPECT_EQ(file_kind(folder), FileKind::directory);
  EXPECT_EQ(file_kind(folder / "missing"), FileKind::missing);
  EXPECT_EQ(file_creation_problem(folder), "");
  const auto identity = file_identity(file);
  ASSERT_TRUE(identity.has_value());
  EXPECT_EQ(identity->size, 5u);
  EXPECT_TRUE(sync_to_disk(file));
}

TEST(UnicodePaths, LocksExcludeThroughANonAsciiName) {
  test::TempDir dir;
  const fs::path lock_file = dir.path() / fs::path(u8"verrou-\u00e9\u00e8.lock");  // verrou-éè.lock
  FileLock held(lock_file, LockMode::exclusive, 0ms);
  EXPECT_FALSE(FileLock::try_lock(lock_file, LockMode::exclusive).has_value());
  EXPECT_FALSE(FileLock::try_lock(lock_file, LockMode::shared).has_value());
  EXPECT_TRUE(fs::exists(lock_file));
}

}  // namespace
}  // namespace winml::platform
