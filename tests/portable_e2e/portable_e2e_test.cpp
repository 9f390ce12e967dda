// The winml binary end to end on every system it is built for: on Windows (under wine in CI) these
// are the tests that show the real ONNX Runtime and GenAI DLLs load, run and report there, that
// non-ASCII paths survive the trip through argv and the engines, and that folders follow the
// system's conventions. The Linux build runs them too, on fixtures it writes itself.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <utility>
#include "platform/subprocess.h"
#include "platform/user_folders.h"
#include "platform/utf8_path.h"
#include "portable_e2e/fixtures.h"
#include "test_support/json_file.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;
using platform::utf8_string;

class PortableCli : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(test::fixtures().empty()) << "no fixtures (see the failure above)"; }
  static fs::path plain() { return test::fixtures() / "plain"; }
  static fs::path lm_head() { return test::fixtures() / "pipe" / "lm_head.onnx"; }
  // Every run writes its cache (derived bundles, default report folder) under the test's folder.
  platform::ProcessResult winml(const std::vector<std::string>& args) {
    return test::run_winml(args, {{"WINML_CACHE_DIR", utf8_string(scratch_.path() / "cache")}});
  }
  fs::path scratch(const std::string& utf8_name) const { return scratch_.path() / platform::utf8_path(utf8_name); }

  test::TempDir scratch_;
};

std::string explain(const platform::ProcessResult& result) {
  return "winml " + platform::describe(result) + ":\n" + result.output;
}

TEST_F(PortableCli, HelpAndVersionStartWithoutTheEngine) {
  const auto help = winml({"--help"});
  ASSERT_EQ(help.status, platform::ExitStatus::success) << explain(help);
  EXPECT_NE(help.output.find("perf"), std::string::npos) << help.output;
  const auto version = winml({"--version"});
  ASSERT_EQ(version.status, platform::ExitStatus::success) << explain(version);
  EXPECT_NE(version.output.find("0."), std::string::npos) << version.output;
}

TEST_F(PortableCli, SysReportsThisSystemsFacts) {
  const auto result = winml({"sys", "-f", "json"});
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
  // stdout and stderr arrive interleaved (an engine may log a line after the document).
  const std::size_t open = result.output.find('{');
  const std::size_t close = result.output.rfind('}');
  ASSERT_TRUE(open != std::string::npos && close != std::string::npos) << result.output;
  const nlohmann::json facts = nlohmann::json::parse(result.output.substr(open, close + 1 - open));
  const std::string os = facts["host"]["os"].get<std::string>();
#ifdef _WIN32
  EXPECT_NE(os.find("Windows"), std::string::npos) << os;
#else
  EXPECT_EQ(os.find("Windows"), std::string::npos) << os;
#endif
  EXPECT_GT(facts["host"]["logical_cores"].get<int>(), 0);
  EXPECT_GT(facts["host"]["memory_total_bytes"].get<double>(), 0);
  EXPECT_FALSE(facts["host"]["cpu_model"].get<std::string>().empty());
}

TEST_F(PortableCli, PerfOfASingleOnnxModelWritesACompleteReport) {
  const fs::path report = scratch("onnx.json");
  const auto result = winml({"perf", "--no-color", "-m", utf8_string(lm_head()), "--iterations", "3", "--warmup", "1",
                             "-o", utf8_string(report)});
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
  const nlohmann::json doc = test::read_json(report);
  ASSERT_EQ(doc["results"].size(), 1u);
  const nlohmann::json& run = doc["results"][0];
  EXPECT_EQ(run["metrics"]["latency_ms"]["count"], 3);
  EXPECT_GT(run["metrics"]["latency_ms"]["mean"].get<double>(), 0);
  EXPECT_GT(run["metrics"]["peak_rss_bytes"].get<double>(), 0);
#ifdef _WIN32
  EXPECT_NE(run["machine"]["os"].get<std::string>().find("Windows"), std::string::npos) << run["machine"];
#endif
  EXPECT_EQ(run["machine"]["onnxruntime_version"], WINML_TEST_ORT_VERSION);
}

TEST_F(PortableCli, PerfOfAGenaiBundleMeasuresEveryPhase) {
  const fs::path report = scratch("genai.json");
  const auto result = winml({"perf", "--no-color", "-m", utf8_string(plain()), "--iterations", "2", "--warmup", "1",
                             "--prompt-tokens", "16", "-n", "8", "--no-bandwidth-probe", "-o", utf8_string(report)});
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
  const nlohmann::json metrics = test::read_json(report)["results"][0]["metrics"];
  EXPECT_EQ(metrics["ttft_ms"]["count"], 2);
  EXPECT_GT(metrics["ttft_ms"]["mean"].get<double>(), 0);
  EXPECT_GT(metrics["tpot_ms"]["mean"].get<double>(), 0);
  EXPECT_GT(metrics["decode_tokens_per_s"].get<double>(), 0);
}

// --threads writes a derived bundle in the cache; the second run finds it and brings it up to date
// (on systems without symbolic links, wine and most Windows accounts, it holds copies).
TEST_F(PortableCli, DerivedBundleIsReusedByTheNextRun) {
  for (int run = 0; run < 2; ++run) {
    const auto result = winml({"perf", "--no-color", "-m", utf8_string(plain()), "--threads", "1", "--iterations", "1",
                               "--warmup", "0", "-n", "2", "--no-bandwidth-probe", "-o",
                               utf8_string(scratch("threads-" + std::to_string(run) + ".json"))});
    ASSERT_EQ(result.status, platform::ExitStatus::success) << "run " << run << ": " << explain(result);
  }
  EXPECT_TRUE(fs::exists(scratch_.path() / "cache" / "bundles"));
}

TEST_F(PortableCli, GenerateStreamsTokens) {
  const auto result = winml({"generate", "-m", utf8_string(plain()), "-n", "4", "--prompt", "hello"});
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
}

// A bundle and a report under non-ASCII names: argv, the engines' paths and the atomic write all
// keep them (on Windows the ANSI code page could hold none of these).
TEST_F(PortableCli, NonAsciiPathsSurviveArgvTheEnginesAndTheReport) {
  const fs::path bundle = scratch("modèle-日本語");
  fs::copy(plain(), bundle, fs::copy_options::recursive);
  const fs::path model = scratch("tête.onnx");
  fs::copy_file(lm_head(), model);
  const fs::path report = scratch("rapport-été") / "genai.json";
  auto result = winml({"perf", "--no-color", "-m", utf8_string(bundle), "--iterations", "1", "--warmup", "0", "-n", "2",
                       "--no-bandwidth-probe", "-o", utf8_string(report)});
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
  EXPECT_TRUE(fs::exists(report));
  const fs::path onnx_report = scratch("rapport-été") / "onnx.json";
  result = winml({"perf", "--no-color", "-m", utf8_string(model), "--iterations", "1", "-o", utf8_string(onnx_report)});
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
  EXPECT_NE(test::read_json(onnx_report)["results"][0]["config"].dump().find("tête"), std::string::npos);
}

// Without -o the report goes to the cache's perf folder: WINML_CACHE_DIR when set, else the
// system's per-user cache folder (%LOCALAPPDATA%\winml on Windows, $XDG_CACHE_HOME/winml elsewhere).
TEST_F(PortableCli, DefaultReportFolderFollowsTheSystemsConvention) {
  auto result = winml({"perf", "--no-color", "-m", utf8_string(lm_head()), "--iterations", "1"});
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
  EXPECT_NE(result.output.find(utf8_string(scratch_.path() / "cache" / "perf")), std::string::npos) << result.output;

#ifdef _WIN32
  // %LOCALAPPDATA% is a known folder (SHGetKnownFolderPath): no variable moves it, so this run
  // writes into the real one and removes what it wrote.
  const fs::path user = platform::user_cache_folder();
  const std::vector<std::pair<std::string, std::string>> env{{"WINML_CACHE_DIR", ""}};  // empty = unset
#else
  const fs::path user = scratch("xdg-cache");
  const std::vector<std::pair<std::string, std::string>> env{{"WINML_CACHE_DIR", ""},
                                                             {"XDG_CACHE_HOME", utf8_string(user)}};
#endif
  ASSERT_FALSE(user.empty());
  result = test::run_winml({"perf", "--no-color", "-m", utf8_string(lm_head()), "--iterations", "1"}, env);
  ASSERT_EQ(result.status, platform::ExitStatus::success) << explain(result);
  const std::string expected = utf8_string(user / "winml" / "perf");
  const std::size_t at = result.output.find(expected);
  ASSERT_NE(at, std::string::npos) << "expected a report under " << expected << ":\n" << result.output;
  const std::size_t end = result.output.find(".json", at);
  ASSERT_NE(end, std::string::npos) << result.output;
  const fs::path written = platform::utf8_path(result.output.substr(at, end + 5 - at));
  EXPECT_TRUE(fs::exists(written)) << utf8_string(written);
  std::error_code ec;
  fs::remove_all(written.parent_path(), ec);  // leave the user's cache as it was
#ifdef _WIN32
  EXPECT_NE(expected.find("AppData\\Local\\winml"), std::string::npos) << expected;
#endif
}

TEST_F(PortableCli, BadInputIsAUsageErrorThatNamesTheFix) {
  auto result = winml({"perf", "-m", utf8_string(scratch("missing.onnx"))});
  EXPECT_EQ(result.exit_code, 2) << explain(result);
  EXPECT_NE(result.output.find("missing.onnx"), std::string::npos) << result.output;

  result = winml({"perf", "-m", utf8_string(lm_head()), "--ep", "no-such-ep", "--iterations", "1"});
  EXPECT_EQ(result.exit_code, 2) << explain(result);
  EXPECT_NE(result.output.find("no-such-ep"), std::string::npos) << result.output;
}

TEST_F(PortableCli, CorruptOnnxIsARuntimeFailureNotACrash) {
  const fs::path model = scratch("corrupt.onnx");
  std::ofstream(model, std::ios::binary) << "this is not a protobuf";
  const auto result =
      winml({"perf", "-m", utf8_string(model), "--iterations", "1", "-o", utf8_string(scratch("corrupt.json"))});
  EXPECT_EQ(result.status, platform::ExitStatus::failure) << explain(result);
  EXPECT_EQ(result.exit_code, 1) << explain(result);
  EXPECT_FALSE(fs::exists(scratch("corrupt.json"))) << "a partial report was left";
}

#if !WINML_TEST_CAN_SYNTHESIZE
// A build without ONNX file support says what to do instead of failing obscurely.
TEST_F(PortableCli, BundleSynthSaysThisBuildCannotWriteOnnxFiles) {
  const auto result = winml({"bundle", "synth", "-o", utf8_string(scratch("bundle"))});
  EXPECT_EQ(result.exit_code, 1) << explain(result);
  EXPECT_NE(result.output.find("no ONNX file support"), std::string::npos) << result.output;
  EXPECT_FALSE(fs::exists(scratch("bundle")));
}
#endif

}  // namespace
}  // namespace winml
