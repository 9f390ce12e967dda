#include "platform/temp_sweep.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "platform/process_id.h"
#include "platform/temp_file.h"
#include "platform_test_child.h"
#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// A pid that belonged to a process which has exited and been reaped.
long dead_pid() { return std::stol(test::run_platform_test_child({"pid"}).output); }

std::string own_pid() { return std::to_string(current_process_id()); }

fs::path make_file(const fs::path& dir, const std::string& name) {
  std::ofstream(dir / name) << "partial";
  return dir / name;
}

void age(const fs::path& file, std::chrono::minutes by) {
  fs::last_write_time(file, fs::file_time_type::clock::now() - by);
}

TEST(TempSweep, DeletesTheFileOfADeadWriterAtOnce) {
  test::TempDir dir;
  auto stale = make_file(dir.path(), "model.onnx.data.tmp-" + std::to_string(dead_pid()) + "-AbC123");
  EXPECT_EQ(sweep_stale_temp_files(dir.path()), 1u);
  EXPECT_FALSE(fs::exists(stale));
}

TEST(TempSweep, KeepsAFileWhoseWriterHoldsItsLock) {
  test::TempDir dir;
  TempFile live(dir.path() / "report.json");
#ifndef _WIN32
  age(live.path(), 10min);  // even an old file: the lock says its writer is alive
#endif
  // (On Windows the writer's handle denies others write access, so the file cannot be aged from
  // here: the check there is that a live writer's fresh file is kept.)
  EXPECT_EQ(sweep_stale_temp_files(dir.path()), 0u);
  EXPECT_TRUE(fs::exists(live.path()));
}

TEST(TempSweep, KeepsAFreshUnlockedFileOfALiveWriter) {
  test::TempDir dir;
  // Between creating and locking its file a writer holds no lock yet: a fresh file of a running
  // pid (here our own) must survive that instant.
  auto fresh = make_file(dir.path(), "x.json.tmp-" + own_pid() + "-AbC123");
  EXPECT_EQ(sweep_stale_temp_files(dir.path()), 0u);
  EXPECT_TRUE(fs::exists(fresh));
}

TEST(TempSweep, DeletesAnOldUnlockedFileEvenWhenItsPidRuns) {
  test::TempDir dir;
  // The pid was reused, or the writer ran in another pid namespace: age decides.
  auto old = make_file(dir.path(), "y.json.tmp-" + own_pid() + "-AbC123");
  auto legacy = make_file(dir.path(), "z.json.tmp-AbC123");
  auto legacy_fresh = make_file(dir.path(), "w.json.tmp-XyZ789");
  age(old, 2min);
  age(legacy, 2min);
  EXPECT_EQ(sweep_stale_temp_files(dir.path()), 2u);
  EXPECT_FALSE(fs::exists(old));
  EXPECT_FALSE(fs::exists(legacy));
  EXPECT_TRUE(fs::exists(legacy_fresh));
}

TEST(TempSweep, LeavesForeignNamesFoldersLinksAndSubfoldersAlone) {
  test::TempDir dir;
  const std::string dead = std::to_string(dead_pid());
  auto foreign = make_file(dir.path(), "model.onnx.data");
  auto notes = make_file(dir.path(), "notes.tmp-draft");
  fs::create_directory(dir.path() / ("d.tmp-" + dead + "-AbC123"));
  auto target = make_file(dir.path(), "keep.bin");
  std::error_code no_links;  // Windows lets only privileged users make links: then none is tested
  fs::create_symlink(target, dir.path() / ("l.tmp-" + dead + "-AbC123"), no_links);
  fs::create_directory(dir.path() / "sub");
  auto nested = make_file(dir.path() / "sub", "n.tmp-" + dead + "-AbC123");
  EXPECT_EQ(sweep_stale_temp_files(dir.path()), 0u);
  EXPECT_TRUE(fs::exists(foreign));
  EXPECT_TRUE(fs::exists(notes));
  EXPECT_TRUE(fs::exists(dir.path() / ("d.tmp-" + dead + "-AbC123")));
  if (!no_links) {
    EXPECT_TRUE(fs::exists(fs::symlink_status(dir.path() / ("l.tmp-" + dead + "-AbC123"))));
  }
  EXPECT_TRUE(fs::exists(target));
  EXPECT_TRUE(fs::exists(nested));
}

TEST(TempSweep, AMissingFolderIsNothingToSweep) {
  test::TempDir dir;
  EXPECT_EQ(sweep_stale_temp_files(dir.path() / "absent"), 0u);
}

}  // namespace
}  // namespace winml::platform
