#include "engine/impl/install_version.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "test_support/temp_dir.h"

namespace winml::engine::impl {
namespace {

namespace fs = std::filesystem;

fs::path touch(const fs::path& path, const std::string& text = "") {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  return path;
}

std::string nuspec(const std::string& version) {
  return "<?xml version=\"1.0\"?>\n<package><metadata><id>Microsoft.ML.OnnxRuntimeGenAI</id>\n  <version>" + version +
         "</version>\n<dependencies><dependency id=\"x\" version=\"1.2.3\" /></dependencies></metadata></package>\n";
}

fs::path nuget_library(const fs::path& root, const std::string& folder_version) {
  return root / "microsoft.ml.onnxruntimegenai" / folder_version / "runtimes" / "linux-x64" / "native" /
         "libonnxruntime-genai.so";
}

TEST(InstallVersion, ReadsAVersionedFileName) {
  test::TempDir dir;
  EXPECT_EQ(version_of_install(touch(dir.path() / "libonnxruntime-genai.so.0.18.0")), "0.18.0");
  EXPECT_EQ(version_of_install(touch(dir.path() / "libonnxruntime-genai.so.0.19.0-rc1")), "0.19.0-rc1");
}

TEST(InstallVersion, AnAbiNumberAloneIsNotAVersion) {
  test::TempDir dir;
  EXPECT_EQ(version_of_install(touch(dir.path() / "libonnxruntime-genai.so.0")), "unknown");
}

TEST(InstallVersion, ReadsTheNuspecOfTheNugetPackageHoldingTheLibrary) {
  test::TempDir dir;
  fs::path library = touch(nuget_library(dir.path(), "0.17.1"));
  touch(library.parent_path().parent_path().parent_path().parent_path() / "microsoft.ml.onnxruntimegenai.nuspec",
        nuspec("0.17.1"));
  EXPECT_EQ(version_of_install(library), "0.17.1");
}

TEST(InstallVersion, ANuspecThatDisagreesWithItsFolderIsNotBelieved) {
  test::TempDir dir;
  fs::path library = touch(nuget_library(dir.path(), "0.17.1"));
  touch(library.parent_path().parent_path().parent_path().parent_path() / "x.nuspec", nuspec("0.18.0"));
  EXPECT_EQ(version_of_install(library), "unknown");
}

TEST(InstallVersion, APackageLayoutWithoutANuspecIsUnknown) {
  test::TempDir dir;
  EXPECT_EQ(version_of_install(touch(nuget_library(dir.path(), "0.18.0"))), "unknown");
}

TEST(InstallVersion, APlainCopyIsUnknown) {
  test::TempDir dir;
  EXPECT_EQ(version_of_install(touch(dir.path() / "lib" / "libonnxruntime-genai.so")), "unknown");
  EXPECT_EQ(version_of_install(fs::path()), "unknown");
}

}  // namespace
}  // namespace winml::engine::impl
