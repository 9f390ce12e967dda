#include "platform/temp_file.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "platform/process_id.h"
#include "platform/signal_cleanup.h"
#include "platform/utf8_path.h"
#include "test_support/file_bytes.h"
#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;

struct NameCase {
  std::string name;
  bool is_temp;
  std::optional<long> writer;
};

class TempFileName : public ::testing::TestWithParam<NameCase> {};

TEST_P(TempFileName, RecognisesOnlyWinmlTemporaryNames) {
  const auto& c = GetParam();
  EXPECT_EQ(is_temp_file_name(c.name), c.is_temp) << c.name;
  EXPECT_EQ(temp_file_writer(c.name), c.writer) << c.name;
}

INSTANTIATE_TEST_SUITE_P(
    Names, TempFileName,
    ::testing::Values(
        NameCase{"model.onnx.data.tmp-4242-AbC123", true, 4242}, NameCase{"r.json.tmp-1-zzzzzz", true, 1},
        NameCase{"genai_config.json.tmp-AbC123", true, std::nullopt},  // older winml: no pid
        NameCase{"model.onnx.data", false, std::nullopt}, NameCase{"notes.tmp-draft", false, std::nullopt},
        NameCase{".tmp-4242-AbC123", false, std::nullopt},  // no target name
        NameCase{"x.tmp-42a-AbC123", false, std::nullopt}, NameCase{"x.tmp-4242-AbC12", false, std::nullopt},
        NameCase{"x.tmp-4242-AbC1234", false, std::nullopt}, NameCase{"x.tmp-4242_AbC123", false, std::nullopt},
        NameCase{"x.tmp--AbC123", false, std::nullopt}));

TEST(TempFile, IsNamedAfterTargetAndWriterAndDeletedUnlessKept) {
  test::TempDir dir;
  const fs::path target = dir.path() / "report.json";
  std::string path;
  {
    TempFile tmp(target);
    path = tmp.path();
    EXPECT_TRUE(fs::exists(utf8_path(path)));
    EXPECT_EQ(temp_file_writer(utf8_string(utf8_path(path).filename())), static_cast<long>(current_process_id()));
    EXPECT_EQ(utf8_path(path).parent_path(), dir.path());
  }
  EXPECT_FALSE(fs::exists(utf8_path(path)));
  {
    TempFile tmp(target);
    tmp.write("x");
    EXPECT_TRUE(tmp.commit());
  }
  EXPECT_TRUE(fs::exists(target));
  EXPECT_EQ(test::entry_count(dir.path()), 1u);
}

TEST(TempFile, CommitReplacesOrKeepsAnExistingTargetAsAsked) {
  test::TempDir dir;
  const fs::path target = dir.path() / "report.json";
  std::ofstream(target) << "old";
  {
    TempFile tmp(target);
    tmp.write("new");
    EXPECT_FALSE(tmp.commit(/*overwrite=*/false));
  }
  EXPECT_EQ(test::read_file_bytes(target), "old");
  EXPECT_EQ(test::entry_count(dir.path()), 1u);  // the refused temporary file is gone too
  {
    TempFile tmp(target);
    tmp.write("new");
    EXPECT_TRUE(tmp.commit());
  }
  EXPECT_EQ(test::read_file_bytes(target), "new");
  EXPECT_EQ(test::entry_count(dir.path()), 1u);
}

TEST(TempFile, FailsNamingTheTargetWhenTheFolderIsMissing) {
  test::TempDir dir;
  try {
    TempFile tmp(dir.path() / "missing" / "x.json");
    FAIL() << "expected an error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find(utf8_string(fs::path("missing") / "x.json")), std::string::npos) << e.what();
  }
}

TEST(SignalCleanup, RemovesRegisteredPathsButNotUnregisteredOnes) {
  test::TempDir dir;
  const fs::path a = dir.path() / "a.tmp-1-aaaaaa";
  const fs::path b = dir.path() / "b.tmp-1-bbbbbb";
  std::ofstream(a) << "a";
  std::ofstream(b) << "b";
  auto ra = register_temp_path(utf8_string(a).c_str());
  auto rb = register_temp_path(utf8_string(b).c_str());
  ASSERT_GE(ra.slot, 0);
  unregister_temp_path(rb);
  EXPECT_EQ(remove_registered_temp_paths(), 1);
  EXPECT_FALSE(fs::exists(a));
  EXPECT_TRUE(fs::exists(b));
  // A removed registration's slot is free again; unregistering it late must not hit its next owner.
  auto rc = register_temp_path(utf8_string(b).c_str());
  unregister_temp_path(ra);
  EXPECT_EQ(remove_registered_temp_paths(), 1);
  EXPECT_FALSE(fs::exists(b));
  unregister_temp_path(rc);
}

TEST(SignalCleanup, RefusesAPathLongerThanTheSlot) {
  const std::string long_path(5000, 'x');
  EXPECT_LT(register_temp_path(long_path.c_str()).slot, 0);
}

}  // namespace
}  // namespace winml::platform
