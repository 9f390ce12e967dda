#include "roofline/bundle_model.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "synth/bundle_writer.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::roofline {
namespace {

namespace fs = std::filesystem;

class BundleModelTest : public ::testing::Test {
 protected:
  fs::path bundle(bool pipeline) {
    synth::SynthOptions o;
    o.pipeline = pipeline;
    synth::write_bundle(o, tmp_.path() / "b");
    return tmp_.path() / "b";
  }
  // Rewrites genai_config.json through `edit`.
  static void edit_config(const fs::path& dir, const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json config;
    std::ifstream(dir / "genai_config.json") >> config;
    edit(config);
    std::ofstream(dir / "genai_config.json") << config.dump();
  }
  test::TempDir tmp_;
};

TEST_F(BundleModelTest, ShapeComesFromTheConfigAndTheCacheTypeFromThePastKeyInput) {
  const BundleModel model = read_bundle_model(bundle(false));
  const synth::SynthOptions o;
  EXPECT_EQ(model.attention.layers, o.layers);
  EXPECT_EQ(model.attention.attention_heads, o.num_heads);
  EXPECT_EQ(model.attention.kv_heads, o.num_kv_heads);
  EXPECT_EQ(model.attention.head_size, o.head_size);
  EXPECT_EQ(model.attention.kv_data_type, 1);  // FLOAT
  ASSERT_EQ(model.stages.size(), 1u);
  EXPECT_EQ(model.stages[0].stage, "decoder");
  EXPECT_EQ(model.stages[0].file.filename(), "model.onnx");
}

TEST_F(BundleModelTest, PipelineStagesKeepTheirOrderAndWhenTheyRun) {
  const BundleModel model = read_bundle_model(bundle(true));
  ASSERT_EQ(model.stages.size(), 4u);
  EXPECT_EQ(model.stages[1].stage, "ctx");
  EXPECT_TRUE(model.stages[1].run_on_prompt);
  EXPECT_FALSE(model.stages[1].run_on_token_gen);
  EXPECT_EQ(model.stages[2].stage, "iter");
  EXPECT_FALSE(model.stages[2].run_on_prompt);
  EXPECT_TRUE(model.stages[2].run_on_token_gen);
}

TEST_F(BundleModelTest, HeadSizeFollowsGenaisRuleWhenAbsent) {
  const fs::path dir = bundle(false);
  edit_config(dir, [](nlohmann::json& c) {
    c["model"]["decoder"].erase("head_size");
    c["model"]["decoder"].erase("num_key_value_heads");
  });
  const BundleModel model = read_bundle_model(dir);
  EXPECT_EQ(model.attention.head_size, 64 / 4);  // hidden_size / num_attention_heads
  EXPECT_EQ(model.attention.kv_heads, 4);        // num_attention_heads
}

TEST_F(BundleModelTest, AMissingShapeOrPastKeyInputIsANamedError) {
  const fs::path dir = bundle(false);
  edit_config(dir, [](nlohmann::json& c) { c["model"]["decoder"]["inputs"]["past_key_names"] = "cache.%d.k"; });
  try {
    read_bundle_model(dir);
    FAIL() << "no graph has the renamed input";
  } catch (const Error& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("'cache.0.k'"));
  }
  edit_config(dir, [](nlohmann::json& c) { c["model"]["decoder"].erase("num_hidden_layers"); });
  EXPECT_THROW(read_bundle_model(dir), Error);
}

}  // namespace
}  // namespace winml::roofline
