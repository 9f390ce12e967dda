// What GenAI's in-memory config overlay can and cannot do to a pipeline stage, on the pinned
// GenAI. winml re-routes stages through a derived bundle under the cache root because of the
// "cannot" cases (docs/execution-providers.md, "Why a derived bundle"): if these start failing
// after a GenAI upgrade, an overlay may now be enough to run `--ep cpu` without writing files.

#include <ort_genai_c.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_support/genai_direct_load.h"
#include "test_support/qnn_pipeline.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

// A config change applied between OgaCreateConfig and OgaCreateModelFromConfig.
struct Change {
  std::vector<std::string> overlays;  // JSON, applied in order
  bool clear_providers = false;       // OgaConfigClearProviders
  std::string append_provider;        // OgaConfigAppendProvider when not empty
};

// Loads the bundle with `change` applied in memory: empty when the model loads, else GenAI's error.
std::string load_error(const fs::path& bundle, const Change& change) {
  return test::genai_direct_load_error(bundle, [&](OgaConfig* config) -> std::string {
    for (const auto& overlay : change.overlays) {
      if (OgaResult* result = OgaConfigOverlay(config, overlay.c_str()))
        return "overlay: " + test::take_oga_error(result);
    }
    if (change.clear_providers) {
      if (OgaResult* result = OgaConfigClearProviders(config)) return "clear: " + test::take_oga_error(result);
    }
    if (!change.append_provider.empty()) {
      if (OgaResult* result = OgaConfigAppendProvider(config, change.append_provider.c_str())) {
        return "append: " + test::take_oga_error(result);
      }
    }
    return "";
  });
}

// Overlays {"model": {"decoder": {"pipeline": [{"ctx": STAGE}, {"iter": STAGE}]}}}.
Change pipeline_overlay(const nlohmann::json& stage) {
  Change change;
  change.overlays.push_back(
      nlohmann::json{{"model", {{"decoder", {{"pipeline", {{{"ctx", stage}}, {{"iter", stage}}}}}}}}}.dump());
  return change;
}

// OgaConfigClearProviders, then OgaConfigAppendProvider(provider).
Change replace_providers(const std::string& provider) {
  Change change;
  change.clear_providers = true;
  change.append_provider = provider;
  return change;
}

class GenaiOverlay : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    auto result = test::run_winml("bundle synth -q --pipeline -o " + cpu().string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    // The same bundle with ctx and iter on QNN: a load that still uses QNN for a stage fails.
    test::copy_routed_to_qnn(cpu(), qnn());
  }
  static void TearDownTestSuite() { delete root_; }
  static fs::path cpu() { return root_->path() / "cpu"; }
  static fs::path qnn() { return root_->path() / "qnn"; }
  static test::TempDir* root_;
};
test::TempDir* GenaiOverlay::root_ = nullptr;

TEST_F(GenaiOverlay, BundlesLoadAsWritten) {
  EXPECT_EQ(load_error(cpu(), Change{}), "");
  EXPECT_NE(load_error(qnn(), Change{}).find("QNN"), std::string::npos);
}

// An overlay reaches a stage by name: its fields replace the file's, and a stage provider it
// adds is used.
TEST_F(GenaiOverlay, OverlayMergesStagesByName) {
  // The ctx file moved: the bundle as written fails, the overlay naming the new file mends it
  // (an overlay that added a second "ctx" stage instead would still fail on the old name).
  fs::path moved = root_->path() / "moved";
  fs::copy(cpu(), moved, fs::copy_options::recursive);
  fs::rename(moved / "ctx.onnx", moved / "ctx_moved.onnx");
  EXPECT_NE(load_error(moved, Change{}).find("ctx.onnx"), std::string::npos);
  Change rename;
  rename.overlays.push_back(R"({"model": {"decoder": {"pipeline": [{"ctx": {"filename": "ctx_moved.onnx"}}]}}})");
  EXPECT_EQ(load_error(moved, rename), "");
  std::string error =
      load_error(cpu(), pipeline_overlay({{"session_options", {{"provider_options", {{{"NoSuchEP", {}}}}}}}}));
  EXPECT_NE(error.find("NoSuchEP"), std::string::npos) << error;
}

// ...but never removes a provider a stage already names, so a QNN stage cannot be sent to CPU.
TEST_F(GenaiOverlay, OverlayCannotTakeAStageOffItsProvider) {
  const std::vector<Change> changes = {
      pipeline_overlay({{"session_options", {{"provider_options", nlohmann::json::array()}}}}),
      pipeline_overlay({{"session_options", {{"provider_options", {{{"cpu", nlohmann::json::object()}}}}}}}),
      pipeline_overlay({{"session_options", nlohmann::json::object()}}),
      replace_providers("cpu"),
  };
  for (const auto& change : changes) {
    std::string error = load_error(qnn(), change);
    EXPECT_NE(error.find("QNN"), std::string::npos)
        << (change.overlays.empty() ? "clear providers" : change.overlays.front()) << " re-routed the stage: '" << error
        << "'";
  }
}

}  // namespace
}  // namespace winml
