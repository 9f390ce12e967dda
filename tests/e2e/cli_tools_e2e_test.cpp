// `winml sys`, `winml bundle derive` and `winml compile` through the real binary.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "test_support/json_file.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using test::read_json;

class ToolsCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto result = test::run_winml("bundle synth --pipeline -o " + pipe().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path pipe() { return root_->path() / "pipe"; }
  static test::TempDir* root_;
};
test::TempDir* ToolsCli::root_ = nullptr;

TEST_F(ToolsCli, SysJsonListsTheCpuEp) {
  auto result = test::run_winml("sys -f json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["schema_version"], 1);
  bool cpu_found = false;
  for (const auto& device : json["devices"]) {
    if (device["device"] != "cpu") continue;
    for (const auto& ep : device["eps"]) cpu_found = cpu_found || ep["name"] == "CPUExecutionProvider";
  }
  EXPECT_TRUE(cpu_found) << result.out;
  EXPECT_FALSE(json["versions"]["onnxruntime"].get<std::string>().empty());
  EXPECT_FALSE(json.contains("bandwidth")) << "sys measures bandwidth only when asked (--bandwidth)";
}

// The probe for real: stdout is the JSON document alone, progress goes to stderr, and the object
// has every field with sane values (a floor, no timing threshold a busy machine could break).
TEST_F(ToolsCli, SysBandwidthJson) {
  auto result = test::run_winml("sys --bandwidth -f json");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("measuring memory bandwidth"), std::string::npos) << result.err;
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["schema_version"], 1);
  const auto& bandwidth = json["bandwidth"];
  EXPECT_EQ(bandwidth["threads"], json["host"]["logical_cores"]) << "every logical core by default";
  EXPECT_EQ(bandwidth["arrays"], 3);
  EXPECT_GE(bandwidth["array_bytes"].get<std::uint64_t>(), std::uint64_t{1} << 20);
  EXPECT_GT(bandwidth["timed_ms"].get<double>(), 0);
  for (const char* kernel : {"read", "triad"}) {
    const auto& rate = bandwidth[kernel];
    EXPECT_EQ(rate["bytes_per_repetition"].get<std::uint64_t>(), 3 * bandwidth["array_bytes"].get<std::uint64_t>());
    EXPECT_EQ(rate["repetitions"].get<std::size_t>(), rate["samples_gb_per_s"].size());
    EXPECT_GE(rate["repetitions"].get<std::size_t>(), 3u) << kernel;
    EXPECT_GT(rate["best_gb_per_s"].get<double>(), 0.5) << kernel;
    EXPECT_GT(rate["median_gb_per_s"].get<double>(), 0) << kernel;
    EXPECT_LE(rate["median_gb_per_s"].get<double>(), rate["best_gb_per_s"].get<double>()) << kernel;
  }
}

TEST_F(ToolsCli, SysBandwidthText) {
  auto result = test::run_winml("sys --bandwidth --no-color -q");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Memory bandwidth ("), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("  triad "), std::string::npos) << result.out;
  EXPECT_EQ(result.err.find("measuring"), std::string::npos) << "-q: no progress: " << result.err;
}

TEST_F(ToolsCli, SysTextIsATable) {
  auto result = test::run_winml("sys --no-color");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("CPUExecutionProvider"), std::string::npos) << result.out;
}

TEST_F(ToolsCli, DeriveForAnEpThisMachineLacks) {
  fs::path out = root_->path() / "derived-ov";
  auto result =
      test::run_winml("bundle derive -m " + pipe().string() + " --ep openvino --device gpu -o " + out.string());
  // The synthetic pipeline's stages all run on CPU, so OpenVINO has nothing to re-route: the
  // derived bundle equals the original and the command says the override had no effect.
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("no effect"), std::string::npos) << result.err;
  EXPECT_TRUE(fs::exists(out / "genai_config.json"));
}

TEST_F(ToolsCli, DeriveCpuStripsHardwareStagesAndRuns) {
  fs::path bundle = root_->path() / "qnn";
  fs::copy(pipe(), bundle, fs::copy_options::recursive);
  auto config = read_json(bundle / "genai_config.json");
  for (auto& entry : config["model"]["decoder"]["pipeline"]) {
    for (auto& [name, stage] : entry.items()) {
      if (name == "ctx" || name == "iter") {
        stage["session_options"]["provider_options"] = nlohmann::json::array({{{"qnn", nlohmann::json::object()}}});
      }
    }
  }
  std::ofstream(bundle / "genai_config.json") << config.dump(2);
  fs::path out = root_->path() / "derived-cpu";
  auto derive = test::run_winml("bundle derive -m " + bundle.string() + " --ep cpu -o " + out.string());
  ASSERT_EQ(derive.exit_code, 0) << derive.err;
  EXPECT_NE(derive.out.find("qnn"), std::string::npos) << "routing before is shown: " << derive.out;
  auto derived = read_json(out / "genai_config.json");
  for (const auto& entry : derived["model"]["decoder"]["pipeline"]) {
    for (const auto& [name, stage] : entry.items()) {
      if (stage.contains("session_options")) {
        EXPECT_TRUE(stage["session_options"]["provider_options"].empty()) << name;
      }
    }
  }
  auto generate = test::run_winml("generate -m " + out.string() + " --prompt hi -n 4");
  EXPECT_EQ(generate.exit_code, 0) << generate.err;
}

TEST_F(ToolsCli, CompileOnCpuSaysJitOnce) {
  auto result = test::run_winml("compile -m " + pipe().string() + " --ep cpu -o " + (root_->path() / "c").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("jit"), std::string::npos) << result.out;
  auto first = result.err.find("EPContext");
  ASSERT_NE(first, std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("EPContext", first + 1), std::string::npos) << "said once: " << result.err;
}

// Nothing compiles on the CPU: no _compiled/ in the bundle, nothing in the cache, and it says so.
TEST_F(ToolsCli, CompileWithNothingToCompileWritesNothing) {
  const fs::path bundle = root_->path() / "nothing-to-compile";
  fs::copy(pipe(), bundle, fs::copy_options::recursive);
  const fs::path cache = root_->path() / "nothing-to-compile-cache";
  auto result = test::run_command("WINML_CACHE_DIR=" + cache.string() + " " + test::winml_binary() + " compile -m " +
                                  bundle.string() + " --ep cpu");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("jit"), std::string::npos) << result.out;
  EXPECT_FALSE(fs::exists(bundle / "_compiled")) << result.err;
  EXPECT_FALSE(fs::exists(cache / "bundles")) << result.err;
  EXPECT_NE(result.err.find("nothing compiled, so nothing was written"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("derived bundle:"), std::string::npos) << result.err;
}

TEST_F(ToolsCli, CompileUnknownEpIsUsageError) {
  auto result = test::run_winml("compile -m " + pipe().string() + " --ep warpdrive");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("qnn"), std::string::npos) << result.err;
}

TEST_F(ToolsCli, CompileSingleOnnxOnCpuIsJit) {
  auto result = test::run_winml("compile -m " + (pipe() / "lm_head.onnx").string() + " --ep cpu");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("jit"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace winml
