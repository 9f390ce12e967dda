#include "bundle/model_runtime.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

using ::testing::HasSubstr;
using testing::TempDir;
using testing::write_text;

std::string runtime_or_refusal(const std::string& runtime, const std::filesystem::path& model) {
  try {
    return resolve_runtime(runtime, model.string());
  } catch (const UsageError& e) {
    return e.what();
  }
}

TEST(ModelRuntimeTest, AutoTellsABundleFromAnOnnxFile) {
  const TempDir dir;
  write_text(dir.path() / "bundle" / "genai_config.json", "{}");
  write_text(dir.path() / "model.onnx", "");
  EXPECT_EQ(runtime_or_refusal("auto", dir.path() / "bundle"), "winml-genai");
  EXPECT_EQ(runtime_or_refusal("auto", dir.path() / "model.onnx"), "winml");
}

TEST(ModelRuntimeTest, AutoRefusesWhatIsNeither) {
  const TempDir dir;
  write_text(dir.path() / "model.txt", "");
  std::filesystem::create_directories(dir.path() / "empty");
  EXPECT_THAT(runtime_or_refusal("auto", dir.path() / "empty"),
              HasSubstr("is a folder without genai_config.json, so it is not a GenAI bundle"));
  EXPECT_THAT(runtime_or_refusal("auto", dir.path() / "model.txt"),
              HasSubstr("choose one with --runtime winml|winml-genai"));
  EXPECT_THAT(runtime_or_refusal("auto", dir.path() / "absent.onnx"), HasSubstr("does not exist"));
  EXPECT_THAT(runtime_or_refusal("winml", dir.path() / "absent.onnx"), HasSubstr("does not exist"));
}

// An explicit runtime takes any file name, but not the wrong kind of path.
TEST(ModelRuntimeTest, ExplicitRuntimeMustFitThePath) {
  const TempDir dir;
  write_text(dir.path() / "model.bin", "");
  std::filesystem::create_directories(dir.path() / "bundle");
  EXPECT_EQ(runtime_or_refusal("winml", dir.path() / "model.bin"), "winml");
  EXPECT_EQ(runtime_or_refusal("winml-genai", dir.path() / "bundle"), "winml-genai");
  EXPECT_THAT(runtime_or_refusal("winml-genai", dir.path() / "model.bin"),
              HasSubstr("--runtime winml-genai needs a bundle folder"));
  EXPECT_THAT(runtime_or_refusal("winml", dir.path() / "bundle"), HasSubstr("Use --runtime winml-genai for bundles."));
}

}  // namespace
}  // namespace winml::bundle
