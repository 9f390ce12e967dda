// Failures inside ONNX Runtime and GenAI reach the user as one winml message that names the file
// or key and the fix; the engines' own log lines never reach stderr raw. Each case breaks one
// thing in a copy of a synthesised bundle and runs the real binary.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_support/json_file.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

void write_text(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

void edit_json(const fs::path& path, const std::function<void(nlohmann::json&)>& edit) {
  auto j = test::read_json(path);
  edit(j);
  write_text(path, j.dump(2));
}

class EngineErrorsCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto result = test::run_winml("bundle synth -q -o " + tiny().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path tiny() { return root_->path() / "tiny"; }
  // A fresh copy of the tiny bundle to break.
  static fs::path copy(const std::string& name) {
    fs::path dir = root_->path() / name;
    fs::remove_all(dir);
    fs::copy(tiny(), dir, fs::copy_options::recursive);
    return dir;
  }
  static test::TempDir* root_;
};
test::TempDir* EngineErrorsCli::root_ = nullptr;

// One error line, no engine log line, no colour codes; and the error arrived as a winml::Error
// (main() marks any other exception "unexpected failure"), so the category thrown inside the
// plugin survived the dlopen boundary.
void expect_one_clean_message(const test::CommandResult& result) {
  EXPECT_EQ(result.err.find("unexpected failure"), std::string::npos) << "lost its winml category: " << result.err;
  EXPECT_EQ(result.err.find('\033'), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("[E:onnxruntime"), std::string::npos) << result.err;
  std::size_t errors = 0;
  for (std::size_t at = result.err.find("error:"); at != std::string::npos; at = result.err.find("error:", at + 1)) {
    ++errors;
  }
  EXPECT_EQ(errors, 1u) << result.err;
}

void expect_contains(const std::string& text, const std::vector<std::string>& parts) {
  for (const auto& part : parts)
    EXPECT_NE(text.find(part), std::string::npos) << "missing '" << part << "' in\n" << text;
}

TEST_F(EngineErrorsCli, UnknownModelTypeNamesTheKeyAndListsTheKnownTypes) {
  auto dir = copy("bad-type");
  edit_json(dir / "genai_config.json", [](nlohmann::json& j) { j["model"]["type"] = "llama-9000"; });
  auto result = test::run_winml("generate -m " + dir.string() + " -p hi -n 2");
  EXPECT_EQ(result.exit_code, 1);
  expect_contains(result.err, {(dir / "genai_config.json").string(), "model.type 'llama-9000'", "decoder", "qwen2",
                               "decoder-pipeline", "phi3"});
  expect_one_clean_message(result);
}

TEST_F(EngineErrorsCli, AStageThatIsNotOnnxIsNamed) {
  auto dir = copy("bad-onnx");
  write_text(dir / "model.onnx", "this is not a protobuf");
  auto result = test::run_winml("generate -m " + dir.string() + " -p hi -n 2");
  EXPECT_EQ(result.exit_code, 1);
  expect_contains(result.err, {(dir / "model.onnx").string(), "is not a valid ONNX file", "Re-export"});
  expect_one_clean_message(result);
}

TEST_F(EngineErrorsCli, AnOnnxFileThatIsNotOnnxIsNamedByPerf) {
  auto dir = copy("bad-onnx-perf");
  write_text(dir / "model.onnx", "garbage");
  auto result = test::run_winml("perf -m " + (dir / "model.onnx").string() + " -o " + (dir / "r.json").string());
  EXPECT_EQ(result.exit_code, 1);
  expect_contains(result.err, {(dir / "model.onnx").string(), "is not a valid ONNX file"});
  expect_one_clean_message(result);
}

TEST_F(EngineErrorsCli, AnUnparsableTokenizerJsonIsNamed) {
  auto dir = copy("bad-tokenizer");
  write_text(dir / "tokenizer.json", "{\"model\": ");
  auto result = test::run_winml("generate -m " + dir.string() + " -p hi -n 2");
  EXPECT_EQ(result.exit_code, 1);
  expect_contains(result.err, {(dir / "tokenizer.json").string(), "is not valid JSON", "regenerate"});
  expect_one_clean_message(result);
}

TEST_F(EngineErrorsCli, AnInvalidChatTemplateSuggestsNoApplyTemplate) {
  auto dir = copy("bad-template");
  edit_json(dir / "tokenizer_config.json",
            [](nlohmann::json& j) { j["chat_template"] = "{% for m in messages %}{{ m.content "; });
  auto result = test::run_winml("generate -m " + dir.string() + " -p hi -n 2");
  EXPECT_EQ(result.exit_code, 1);
  expect_contains(result.err, {"chat_template", "tokenizer_config.json", "--no-apply-template"});
  expect_one_clean_message(result);
  // The suggested way out works.
  auto raw = test::run_winml("generate -m " + dir.string() + " -p hi -n 2 --no-apply-template");
  EXPECT_EQ(raw.exit_code, 0) << raw.err;
}

TEST_F(EngineErrorsCli, ABundleRoutedToAMissingEpNamesItListsTheAvailableOnesAndSuggestsCpu) {
  auto dir = copy("cuda-routed");
  edit_json(dir / "genai_config.json", [](nlohmann::json& j) {
    j["model"]["decoder"]["session_options"]["provider_options"] =
        nlohmann::json::array({{{"cuda", nlohmann::json::object()}}});
  });
  auto result = test::run_winml("generate -m " + dir.string() + " -p hi -n 2");
  if (result.exit_code == 0) GTEST_SKIP() << "this machine has CUDA";
  EXPECT_EQ(result.exit_code, 1);
  expect_contains(result.err, {(dir / "genai_config.json").string(), "CUDAExecutionProvider",
                               "Available here:", "CPUExecutionProvider", "--ep cpu"});
  expect_one_clean_message(result);
  auto on_cpu = test::run_winml("generate -m " + dir.string() + " -p hi -n 2 --ep cpu");
  EXPECT_EQ(on_cpu.exit_code, 0) << on_cpu.err;
}

TEST_F(EngineErrorsCli, AnUnsupportedEpNamesItToo) {
  auto dir = copy("qnn-routed");
  edit_json(dir / "genai_config.json", [](nlohmann::json& j) {
    j["model"]["decoder"]["session_options"]["provider_options"] =
        nlohmann::json::array({{{"QNN", nlohmann::json::object()}}});
  });
  auto result = test::run_winml("generate -m " + dir.string() + " -p hi -n 2");
  EXPECT_EQ(result.exit_code, 1);
  expect_contains(result.err, {"QNNExecutionProvider", "Available here:", "--ep cpu"});
  expect_one_clean_message(result);
}

// A run-time failure inside ONNX Runtime: its own log line used to appear raw and coloured before
// winml's message. Now it is shown only with -v, plainly, as "onnxruntime: error: ...".
TEST_F(EngineErrorsCli, OnnxRuntimeLogLinesFollowTheVerbosity) {
  auto dir = copy("bad-kv-names");
  edit_json(dir / "genai_config.json",
            [](nlohmann::json& j) { j["model"]["decoder"]["inputs"]["past_key_names"] = "past.%d.key"; });
  const std::string run = "generate -m " + dir.string() + " -p hi -n 2";
  auto plain = test::run_winml(run);
  EXPECT_EQ(plain.exit_code, 1);
  expect_one_clean_message(plain);
  EXPECT_EQ(plain.err.find("onnxruntime: "), std::string::npos) << plain.err;

  auto verbose = test::run_winml(run + " -v");
  EXPECT_EQ(verbose.exit_code, 1);
  EXPECT_EQ(verbose.err.find('\033'), std::string::npos) << verbose.err;
  EXPECT_NE(verbose.err.find("onnxruntime: error: "), std::string::npos) << verbose.err;
  EXPECT_EQ(verbose.err.find("onnxruntime: info: "), std::string::npos) << verbose.err;

  auto very_verbose = test::run_winml(run + " -vv");
  EXPECT_NE(very_verbose.err.find("onnxruntime: info: "), std::string::npos);
  EXPECT_EQ(very_verbose.err.find('\033'), std::string::npos);

  auto quiet = test::run_winml(run + " -q");
  EXPECT_EQ(quiet.exit_code, 1);
  EXPECT_EQ(quiet.err.find("onnxruntime: "), std::string::npos) << quiet.err;
}

TEST_F(EngineErrorsCli, OnnxRuntimeRunErrorsOfPlainModelsAreNotPrintedTwice) {
  auto result = test::run_winml("perf -m " + (tiny() / "model.onnx").string() +
                                " --shape attention_mask=1,3 --shape input_ids=1,5 --iterations 1 --warmup 0 -o " +
                                (root_->path() / "shape.json").string());
  EXPECT_EQ(result.exit_code, 1);
  expect_one_clean_message(result);
  EXPECT_NE(result.err.find("GroupQueryAttention"), std::string::npos) << result.err;
}

// A plugin from another build is refused before any C++ object crosses into it, with both builds
// named and the fix. The foreign plugins are tiny libraries exporting only an identity.
struct ForeignEngineCase {
  std::string library;                ///< a foreign plugin built by tests/e2e/CMakeLists.txt
  std::vector<std::string> expected;  ///< parts of the message
};

class ForeignEngineCli : public ::testing::TestWithParam<ForeignEngineCase> {};

TEST_P(ForeignEngineCli, IsRefusedNamingBothBuildsAndTheFix) {
  auto result = test::run_command("WINML_ENGINE_PATH=" + GetParam().library + " " + test::winml_binary() + " sys");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  expect_contains(result.err, GetParam().expected);
  expect_contains(result.err,
                  {GetParam().library, "this winml expects plugin interface", "cmake --install", "WINML_ENGINE_PATH"});
  expect_one_clean_message(result);
}

INSTANTIATE_TEST_SUITE_P(
    Builds, ForeignEngineCli,
    ::testing::Values(ForeignEngineCase{WINML_TEST_NEWER_ENGINE, {"it is plugin interface 999 of winml 9.9.9"}},
                      ForeignEngineCase{WINML_TEST_OTHER_TOOLCHAIN_ENGINE, {"built with compiler other 1.0"}},
                      ForeignEngineCase{WINML_TEST_UNVERSIONED_ENGINE,
                                        {"is from an older winml build", "exports no winml_engine_identity"}}));

struct CommandCase {
  std::string args;
  std::vector<std::string> expected;
};

class UnknownCommandCli : public ::testing::TestWithParam<CommandCase> {};

TEST_P(UnknownCommandCli, SaysSoAndListsTheCommands) {
  auto result = test::run_winml(GetParam().args);
  EXPECT_EQ(result.exit_code, 2);
  expect_contains(result.err, GetParam().expected);
  EXPECT_EQ(result.err.find("A subcommand is required"), std::string::npos) << result.err;
}

INSTANTIATE_TEST_SUITE_P(
    Commands, UnknownCommandCli,
    ::testing::Values(CommandCase{"frobnicate",
                                  {"unknown command 'frobnicate'", "generate", "perf", "compile", "sys", "bundle",
                                   "winml --help"}},
                      CommandCase{"bundle frob", {"unknown command 'bundle frob'", "bundle synth", "bundle derive"}},
                      CommandCase{"", {"needs a command", "generate", "perf"}},
                      CommandCase{"bundle", {"'winml bundle' needs a command", "bundle synth"}},
                      CommandCase{"--frobnicate", {"unknown option '--frobnicate' for 'winml'", "perf"}},
                      CommandCase{"bundle --frob", {"unknown option '--frob' for 'winml bundle'", "bundle derive"}}));

}  // namespace
}  // namespace winml
