#include "platform/file_lock.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include <gtest/gtest.h>

#include "platform/process_id.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::platform {
namespace {

using namespace std::chrono_literals;

TEST(FileLock, ExcludesASecondHolderUntilReleased) {
  test::TempDir dir;
  const auto file = dir.path() / "sub" / ".lock";
  {
    FileLock first(file, LockMode::exclusive, 1s);
    EXPECT_TRUE(std::filesystem::exists(file));
    EXPECT_FALSE(FileLock::try_lock(file, LockMode::exclusive).has_value());
    EXPECT_FALSE(FileLock::try_lock(file, LockMode::shared).has_value());
  }
  EXPECT_TRUE(FileLock::try_lock(file, LockMode::exclusive).has_value());
}

TEST(FileLock, RefusesALinkedLockFileAndCreatesNothingWhereItPoints) {
  test::TempDir dir;
  const auto target = dir.path() / "elsewhere" / "planted";
  std::filesystem::create_directories(target.parent_path());
  std::error_code ec;
  std::filesystem::create_symlink(target, dir.path() / ".lock", ec);
  if (ec) GTEST_SKIP() << "this system lets only privileged users make symbolic links (Windows): " << ec.message();
  try {
    FileLock lock(dir.path() / ".lock", LockMode::exclusive, 1s);
    ADD_FAILURE() << "a linked lock file was followed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("symbolic link"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(target));
}

TEST(FileLock, SharedHoldersCoexistButExcludeAnExclusiveOne) {
  test::TempDir dir;
  const auto file = dir.path() / ".lock";
  FileLock a(file, LockMode::shared, 1s);
  auto b = FileLock::try_lock(file, LockMode::shared);
  EXPECT_TRUE(b.has_value());
  EXPECT_FALSE(FileLock::try_lock(file, LockMode::exclusive).has_value());
}

TEST(FileLock, WaitRunsOutWithAMessageNamingTheHolder) {
  test::TempDir dir;
  const auto file = dir.path() / ".lock";
  FileLock held(file, LockMode::exclusive, 1s);
  int waits = 0;
  try {
    FileLock second(file, LockMode::exclusive, 100ms, [&] { ++waits; });
    FAIL() << "the second lock was granted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("process " + std::to_string(current_process_id())), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos);
  }
  EXPECT_EQ(waits, 1);
}

TEST(FileLock, WaiterGetsTheLockWhenTheHolderReleasesIt) {
  test::TempDir dir;
  const auto file = dir.path() / ".lock";
  std::atomic<bool> released{false};
  auto holder = std::make_unique<FileLock>(file, LockMode::exclusive, 1s);
  std::thread releaser([&] {
    std::this_thread::sleep_for(150ms);
    released = true;
    holder.reset();
  });
  FileLock waiter(file, LockMode::exclusive, 5s);
  EXPECT_TRUE(released.load());
  releaser.join();
}

TEST(FileLock, MovesOwnership) {
  test::TempDir dir;
  const auto file = dir.path() / ".lock";
  FileLock a(file, LockMode::exclusive, 1s);
  FileLock b(std::move(a));
  EXPECT_EQ(b.file(), file);
  EXPECT_FALSE(FileLock::try_lock(file, LockMode::exclusive).has_value());
}

}  // namespace
}  // namespace winml::platform
