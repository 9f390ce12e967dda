#include "perf/input_data_check.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

namespace fs = std::filesystem;

std::string refusal(const fs::path& dir, bool outputs) {
  try {
    check_input_data_files(dir, outputs);
  } catch (const UsageError& e) {
    return e.what();
  }
  return {};
}

TEST(InputDataCheck, ReadableFilesPass) {
  test::TempDir dir;
  std::ofstream(dir.path() / "input_0.pb") << "x";
  std::ofstream(dir.path() / "notes.txt") << "x";
  fs::create_directories(dir.path() / "scratch");
  EXPECT_EQ(refusal(dir.path(), true), "");
  EXPECT_EQ(refusal(dir.path() / "missing", true), "");  // load_data_sets names a missing folder
}

TEST(InputDataCheck, AFolderNamedLikeADataFileIsRefusedBeforeLoading) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "input_0.pb");
  const std::string message = refusal(dir.path(), false);
  EXPECT_NE(message.find("input_0.pb is not a regular file but a folder"), std::string::npos) << message;
  EXPECT_NE(message.find("--input-data"), std::string::npos) << message;
}

TEST(InputDataCheck, OutputsCountOnlyWhenValidating) {
  test::TempDir dir;
  std::ofstream(dir.path() / "input_0.pb") << "x";
  fs::create_directories(dir.path() / "output_0.pb");
  EXPECT_EQ(refusal(dir.path(), false), "");
  EXPECT_NE(refusal(dir.path(), true).find("output_0.pb"), std::string::npos);
}

TEST(InputDataCheck, EverySetFolderIsChecked) {
  test::TempDir dir;
  for (const char* set : {"test_data_set_0", "test_data_set_1"}) fs::create_directories(dir.path() / set);
  std::ofstream(dir.path() / "test_data_set_0" / "input_0.pb") << "x";
  std::ofstream(dir.path() / "test_data_set_1" / "input_0.pb") << "x";
  EXPECT_EQ(refusal(dir.path(), false), "");
  std::ofstream big(dir.path() / "test_data_set_1" / "input_1.pb");
  big.close();
  std::error_code ec;
  fs::resize_file(dir.path() / "test_data_set_1" / "input_1.pb", std::uint64_t{3} << 30, ec);
  if (ec) GTEST_SKIP() << "no sparse files here: " << ec.message();
  const std::string message = refusal(dir.path(), false);
  EXPECT_NE(message.find("larger than the 2 GiB"), std::string::npos) << message;
  EXPECT_NE(message.find("test_data_set_1"), std::string::npos) << message;
}

}  // namespace
}  // namespace winml::perf
