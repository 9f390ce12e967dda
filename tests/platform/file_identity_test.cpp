#include "platform/file_identity.h"

#include <chrono>
#include <fstream>

#include <gtest/gtest.h>

#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

TEST(FileIdentity, SizeAndMtimeTrackTheFile) {
  test::TempDir dir;
  const auto file = dir.path() / "a.bin";
  EXPECT_FALSE(file_identity(file).has_value());
  std::ofstream(file) << "12345";
  // Both times are set through std::filesystem, whose Windows (mingw) version reads and writes
  // whole seconds: the file's own sub-second time would otherwise be lost in the second write.
  const auto base = std::filesystem::last_write_time(file);
  std::filesystem::last_write_time(file, base);
  auto first = file_identity(file);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->size, 5u);
  std::filesystem::last_write_time(file, base + std::chrono::seconds(3));
  auto second = file_identity(file);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->mtime_ns - first->mtime_ns, 3'000'000'000LL);
  EXPECT_FALSE(file_identity(dir.path()).has_value()) << "a folder is not a regular file";
  EXPECT_TRUE(sync_to_disk(file));
  EXPECT_FALSE(sync_to_disk(dir.path() / "missing"));
}

}  // namespace
}  // namespace winml::platform
