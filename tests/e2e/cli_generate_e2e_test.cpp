// `winml generate` and process-level behaviour of the real binary.

#include <gtest/gtest.h>

#include <filesystem>

#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

class GenerateCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto result = test::run_winml("bundle synth -o " + bundle().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path bundle() { return root_->path() / "tiny"; }
  static test::TempDir* root_;
};
test::TempDir* GenerateCli::root_ = nullptr;

TEST_F(GenerateCli, StreamsTextAndPrintsTimingOnStderr) {
  auto result = test::run_winml("generate -m " + bundle().string() + " --prompt 'Hello there' --max-new-tokens 16");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_FALSE(result.out.empty());
  EXPECT_NE(result.err.find("TTFT"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("tokens/s"), std::string::npos) << result.err;
}

TEST_F(GenerateCli, ThreadsAreStatedOnStderr) {
  auto result = test::run_command("WINML_CACHE_DIR=" + (root_->path() / "cache").string() + " " + test::winml_binary() +
                                  " generate -m " + bundle().string() + " --prompt hi -n 2 --threads 1");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("threads 1 (--threads)"), std::string::npos) << result.err;
  result = test::run_winml("generate -m " + bundle().string() + " --prompt hi -n 2");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("(runtime default: GenAI takes half the logical cores"), std::string::npos) << result.err;
}

TEST_F(GenerateCli, GreedyOutputIsDeterministic) {
  std::string args = "generate -m " + bundle().string() + " --prompt 'same prompt' -n 12 -q";
  auto a = test::run_winml(args);
  auto b = test::run_winml(args);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
}

TEST_F(GenerateCli, PromptFileDashReadsStandardInput) {
  const std::string args = "generate -m " + bundle().string() + " -n 12 -q";
  auto given = test::run_winml(args + " --prompt 'piped prompt'");
  auto piped = test::run_command("printf 'piped prompt' | " + test::winml_binary() + " " + args + " --prompt-file -");
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out, given.out);
  // A redirected file is standard input too; nothing at all is refused, saying how to pipe it.
  auto empty = test::run_winml(args + " --prompt-file - </dev/null");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.err.find("--prompt-file - read nothing from standard input"), std::string::npos) << empty.err;
}

TEST_F(GenerateCli, MissingBundleIsUsageError) {
  auto result = test::run_winml("generate -m /nonexistent/bundle --prompt hi");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("/nonexistent/bundle"), std::string::npos) << result.err;
}

TEST_F(GenerateCli, MissingPromptIsUsageError) {
  auto result = test::run_winml("generate -m " + bundle().string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--prompt"), std::string::npos) << result.err;
}

TEST_F(GenerateCli, BrokenBundleIsUsageErrorNamingTheFile) {
  fs::path broken = root_->path() / "broken";
  fs::copy(bundle(), broken, fs::copy_options::recursive);
  fs::remove(broken / "tokenizer.json");
  auto result = test::run_winml("generate -m " + broken.string() + " --prompt hi");
  EXPECT_EQ(result.exit_code, 2);  // as a missing genai_config.json: the bundle named is bad input
  EXPECT_NE(result.err.find("tokenizer.json"), std::string::npos) << result.err;
}

TEST_F(GenerateCli, HelpWorksWithoutEngineLibraries) {
  auto result = test::run_command("WINML_ENGINE_PATH=/nonexistent/libwinml_engine.so " + test::winml_binary() +
                                  " generate --help");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("--max-new-tokens"), std::string::npos);
}

TEST_F(GenerateCli, AMissingEngineIsNamedNotItsLibraries) {
  auto result = test::run_command("WINML_ENGINE_PATH=/nonexistent/libwinml_engine.so " + test::winml_binary() +
                                  " generate -m " + bundle().string() + " --prompt hi");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("WINML_ENGINE_PATH names /nonexistent/libwinml_engine.so, which does not exist"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(result.err.find("libonnxruntime"), std::string::npos) << result.err;
}

TEST_F(GenerateCli, MissingGenaiLibraryIsNamed) {
  // A copy of the engine plugin alone in a folder: its ONNX Runtime libraries are missing.
  fs::path lonely = root_->path() / "lonely";
  fs::create_directories(lonely);
  fs::copy_file(fs::path(WINML_TEST_BIN_DIR) / ".." / "lib" / "libwinml_engine.so", lonely / "libwinml_engine.so");
  auto result = test::run_command("WINML_ENGINE_PATH=" + (lonely / "libwinml_engine.so").string() + " " +
                                  test::winml_binary() + " generate -m " + bundle().string() + " --prompt hi");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("libonnxruntime"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("not installed"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace winml
