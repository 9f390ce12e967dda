// What a hostile bundle may make winml do, through the real binary: no bundle code is loaded
// without --allow-custom-ops, nothing is written in HOME with telemetry off, files reached through
// links or `..` stay inside the bundle, refused commands leave nothing behind, and impossible
// config numbers are refused before loading.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "test_support/ci_markers.h"
#include "test_support/json_file.h"
#include "test_support/qnn_pipeline.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

using test::read_json;

void write_json(const fs::path& path, const nlohmann::json& json) { std::ofstream(path) << json.dump(2); }

// Every path under `dir`, relative (links not followed).
std::set<std::string> tree_listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    names.insert(entry.path().lexically_relative(dir).string());
  }
  return names;
}

bool contains(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

class SecurityCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto tiny = test::run_winml("bundle synth -o " + (root_->path() / "tiny").string());
    ASSERT_EQ(tiny.exit_code, 0) << tiny.err;
    auto pipe = test::run_winml("bundle synth --pipeline -o " + (root_->path() / "pipe").string());
    ASSERT_EQ(pipe.exit_code, 0) << pipe.err;
  }
  static void TearDownTestSuite() { delete root_; }

  // A fresh copy of a synthesised bundle ("tiny" or "pipe") in this test's scratch folder.
  fs::path copy_of(const std::string& name) {
    fs::path out = scratch_.path() / (name + "-copy");
    fs::copy(root_->path() / name, out, fs::copy_options::recursive);
    return out;
  }

  // Runs winml with the marker variable set, so a loaded marker library leaves scratch/marker.
  test::CommandResult run_marked(const std::string& args) {
    return test::run_command("WINML_TEST_MARKER=" + marker().string() + " WINML_CACHE_DIR=" +
                             (scratch_.path() / "cache").string() + " " + test::winml_binary() + " " + args);
  }
  fs::path marker() const { return scratch_.path() / "marker"; }

  static test::TempDir* root_;
  test::TempDir scratch_;
};
test::TempDir* SecurityCli::root_ = nullptr;

TEST_F(SecurityCli, CustomOpsLibraryShippedInTheBundleIsNeverLoadedWithoutTheFlag) {
  fs::path bundle = copy_of("tiny");
  fs::copy_file(WINML_TEST_MARKER_LIB, bundle / "libcustom.so");
  auto config = read_json(bundle / "genai_config.json");
  config["model"]["decoder"]["session_options"]["custom_ops_library"] = "libcustom.so";
  write_json(bundle / "genai_config.json", config);
  auto before = tree_listing(bundle);
  fs::path report = scratch_.path() / "report.json";
  fs::path compiled = scratch_.path() / "compiled";
  const std::vector<std::string> commands = {
      "generate -m " + bundle.string() + " --prompt hi -n 2",
      "perf -m " + bundle.string() + " --iterations 1 --warmup 0 -n 2 -o " + report.string(),
      "compile -m " + bundle.string() + " --ep cpu -o " + compiled.string(),
  };
  for (const auto& command : commands) {
    auto result = run_marked(command);
    EXPECT_EQ(result.exit_code, 2) << command << "\n" << result.err;
    EXPECT_TRUE(contains(result.err, "model.decoder.session_options.custom_ops_library")) << result.err;
    EXPECT_TRUE(contains(result.err, "--allow-custom-ops")) << result.err;
    EXPECT_FALSE(fs::exists(marker())) << "the bundle's library ran for: " << command;
  }
  EXPECT_FALSE(fs::exists(report));
  EXPECT_FALSE(fs::exists(compiled));
  EXPECT_EQ(tree_listing(bundle), before) << "a refused command left files in the bundle";

  // The control: with the flag the library is opened (its constructor runs), so the test above
  // would have seen the marker had winml let it through.
  auto allowed = run_marked("generate --allow-custom-ops -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_TRUE(fs::exists(marker())) << allowed.err;
}

TEST_F(SecurityCli, BackendPathIntoTheBundleNeedsTheFlag) {
  fs::path bundle = copy_of("pipe");
  fs::copy_file(WINML_TEST_MARKER_LIB, bundle / "libQnnHtp.so");
  auto config = read_json(bundle / "genai_config.json");
  std::string stage_key;
  for (std::size_t i = 0; i < config["model"]["decoder"]["pipeline"].size(); ++i) {
    auto& entry = config["model"]["decoder"]["pipeline"][i];
    if (!entry.contains("ctx")) continue;
    entry["ctx"]["session_options"]["provider_options"] =
        nlohmann::json::parse(R"([{"qnn": {"backend_path": "libQnnHtp.so"}}])");
    stage_key = "model.decoder.pipeline[" + std::to_string(i) + "].ctx.session_options.provider_options[0].qnn";
  }
  ASSERT_FALSE(stage_key.empty()) << "the synthetic pipeline has no ctx stage";
  write_json(bundle / "genai_config.json", config);
  auto result = run_marked("generate -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(contains(result.err, stage_key + ".backend_path")) << result.err;
  EXPECT_FALSE(fs::exists(marker()));
}

TEST_F(SecurityCli, ProfilingTheBundleAsksForIsRefusedAndWritesNothing) {
  fs::path bundle = copy_of("tiny");
  fs::path target = scratch_.path() / "profiles" / "bundle_profile";
  fs::create_directories(target.parent_path());
  auto config = read_json(bundle / "genai_config.json");
  config["model"]["decoder"]["session_options"]["enable_profiling"] = target.string();
  write_json(bundle / "genai_config.json", config);
  auto result = run_marked("generate -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(contains(result.err, "model.decoder.session_options.enable_profiling")) << result.err;
  EXPECT_TRUE(fs::is_empty(target.parent_path())) << "a profile was written where the bundle said";
}

TEST_F(SecurityCli, TelemetryOffWritesNothingInHome) {
  test::TempDir home;
  fs::path cache = scratch_.path() / "cache";
  // Without the CI markers: GenAI stays silent on a CI machine, which would make both the checks
  // and the control below pass or fail for the wrong reason.
  std::string env = "env -u XDG_CACHE_HOME -u ORT_DISABLE_TELEMETRY " + test::unset_ci_markers_for_env() +
                    "HOME=" + home.path().string() + " WINML_CACHE_DIR=" + cache.string() + " " + test::winml_binary() +
                    " ";
  fs::path bundle = root_->path() / "tiny";
  const std::vector<std::string> commands = {
      "sys",
      "generate -m " + bundle.string() + " --prompt hi -n 2",
      "perf -m " + bundle.string() + " --iterations 1 --warmup 0 -n 2 -o " + (scratch_.path() / "r.json").string(),
  };
  for (const auto& command : commands) {
    auto result = test::run_command(env + command);
    EXPECT_EQ(result.exit_code, 0) << command << "\n" << result.err;
    auto written = tree_listing(home.path());
    EXPECT_TRUE(written.empty()) << command << " wrote in HOME: " << *written.begin();
  }
  // The control: opted in, the same run writes GenAI's device id and event queues there, so the
  // checks above would see them if the switches failed.
  auto opted_in = test::run_command(env + "generate --telemetry -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(opted_in.exit_code, 0) << opted_in.err;
  EXPECT_TRUE(fs::exists(home.path() / ".cache" / "Microsoft" / "DeveloperTools" / ".onnxruntime"))
      << "GenAI no longer writes telemetry files here; the check above proves nothing";
}

TEST_F(SecurityCli, StageLinkedOutsideTheBundleIsRefusedLikeDotDot) {
  fs::path bundle = copy_of("tiny");
  auto config = read_json(bundle / "genai_config.json");
  std::string stage = config["model"]["decoder"]["filename"];
  fs::path outside = scratch_.path() / "outside";
  fs::create_directories(outside);
  fs::rename(bundle / stage, outside / stage);
  fs::create_symlink(outside / stage, bundle / stage);
  auto linked = test::run_winml("generate -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(linked.exit_code, 2) << linked.err;
  EXPECT_TRUE(contains(linked.err, "stage 'decoder' file " + stage)) << linked.err;
  EXPECT_TRUE(contains(linked.err, "outside the bundle")) << linked.err;

  fs::remove(bundle / stage);
  config["model"]["decoder"]["filename"] = "../outside/" + stage;
  write_json(bundle / "genai_config.json", config);
  auto dotdot = test::run_winml("generate -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(dotdot.exit_code, 2) << dotdot.err;
  EXPECT_TRUE(contains(dotdot.err, "model.decoder.filename")) << dotdot.err;
  EXPECT_TRUE(contains(dotdot.err, "leaves the bundle")) << dotdot.err;
}

TEST_F(SecurityCli, RefusedCompileIntoTheBundleLeavesNothingBehind) {
  fs::path bundle = copy_of("tiny");
  auto before = tree_listing(bundle);
  auto result = run_marked("compile -m " + bundle.string() + " --ep cpu -o " + bundle.string());
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(contains(result.err, "bundle folder itself")) << result.err;
  EXPECT_EQ(tree_listing(bundle), before) << "e.g. a .lock was left";
}

TEST_F(SecurityCli, LinkedCompiledFolderIsNotWrittenThrough) {
  // Stages the test plugin EP compiles (a compile on the CPU writes nothing at all).
  fs::path bundle = scratch_.path() / "npu-copy";
  test::copy_routed_to_qnn(root_->path() / "pipe", bundle);
  fs::path elsewhere = scratch_.path() / "elsewhere";
  fs::create_directories(elsewhere);
  fs::create_directory_symlink(elsewhere, bundle / "_compiled");
  auto result = run_marked("compile -m " + bundle.string() +
                           " --ep winml_test --ep-library winml_test=" + std::string(WINML_TEST_EP_LIB));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(fs::is_empty(elsewhere)) << "wrote through the bundle's _compiled link";
  EXPECT_TRUE(contains(result.err, (scratch_.path() / "cache").string())) << result.err;
}

TEST_F(SecurityCli, ImpossibleConfigNumbersAreRefusedBeforeLoading) {
  struct Case {
    const char* key;
    int value;
    const char* needle;
  };
  const std::vector<Case> cases = {
      {"num_hidden_layers", -1, "model.decoder.num_hidden_layers is -1"},
      {"num_key_value_heads", 3, "is not a multiple of model.decoder.num_key_value_heads (3)"},
  };
  for (const auto& c : cases) {
    fs::path bundle = copy_of("tiny");
    auto config = read_json(bundle / "genai_config.json");
    config["model"]["decoder"][c.key] = c.value;
    write_json(bundle / "genai_config.json", config);
    auto result = test::run_winml("generate -m " + bundle.string() + " --prompt hi -n 2");
    EXPECT_EQ(result.exit_code, 2) << c.key << "\n" << result.err;
    EXPECT_TRUE(contains(result.err, c.needle)) << result.err;
    fs::remove_all(bundle);
  }
}

}  // namespace
}  // namespace winml
