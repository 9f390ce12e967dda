#include "bundle/config_limits.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>

#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

using testing::fixture;
using ::testing::HasSubstr;

TEST(ConfigLimitsTest, RealConfigsPass) {
  EXPECT_NO_THROW(check_config_limits(fixture("qnn_pipeline.json")));
  EXPECT_NO_THROW(check_config_limits(fixture("openvino_pipeline.json")));
}

TEST(ConfigLimitsTest, ImpossibleNumbersNameKeyValueAndRange) {
  struct Case {
    const char* what;
    std::function<void(ConfigJson&)> edit;
    std::vector<std::string> needles;  // empty: accepted
  };
  auto decoder = [](ConfigJson& j) -> ConfigJson& { return j["model"]["decoder"]; };
  const std::vector<Case> cases = {
      {"negative layers",
       [&](ConfigJson& j) { decoder(j)["num_hidden_layers"] = -1; },
       {"model.decoder.num_hidden_layers is -1", "between 1 and 4096"}},
      {"zero layers",
       [&](ConfigJson& j) { decoder(j)["num_hidden_layers"] = 0; },
       {"model.decoder.num_hidden_layers is 0"}},
      {"text layers",
       [&](ConfigJson& j) { decoder(j)["num_hidden_layers"] = "32"; },
       {"model.decoder.num_hidden_layers is \"32\"", "must be an integer"}},
      {"zero heads",
       [&](ConfigJson& j) { decoder(j)["num_attention_heads"] = 0; },
       {"model.decoder.num_attention_heads is 0"}},
      {"more kv heads than heads",
       [&](ConfigJson& j) { decoder(j)["num_key_value_heads"] = 64; },
       {"model.decoder.num_key_value_heads is 64", "between 1 and 32"}},
      {"heads not dividing",
       [&](ConfigJson& j) { decoder(j)["num_key_value_heads"] = 5; },
       {"num_attention_heads (32) is not a multiple of model.decoder.num_key_value_heads (5)"}},
      {"grouped heads dividing", [&](ConfigJson& j) { decoder(j)["num_key_value_heads"] = 8; }, {}},
      {"negative head size", [&](ConfigJson& j) { decoder(j)["head_size"] = -96; }, {"model.decoder.head_size is -96"}},
      {"hidden not divisible without head size",
       [&](ConfigJson& j) {
         decoder(j).erase("head_size");
         decoder(j)["hidden_size"] = 3000;
       },
       {"model.decoder.hidden_size (3000) is not a multiple of model.decoder.num_attention_heads (32)"}},
      {"head size explains odd hidden size", [&](ConfigJson& j) { decoder(j)["hidden_size"] = 3000; }, {}},
      {"zero hidden", [&](ConfigJson& j) { decoder(j)["hidden_size"] = 0; }, {"model.decoder.hidden_size is 0"}},
      {"huge context",
       [](ConfigJson& j) { j["model"]["context_length"] = 1LL << 40; },
       {"model.context_length is 1099511627776", "between 1 and 16777216"}},
      {"context past int64",
       [](ConfigJson& j) { j["model"]["context_length"] = 18446744073709551615ULL; },
       {"model.context_length is 18446744073709551615"}},
      {"largest context", [](ConfigJson& j) { j["model"]["context_length"] = kMaxContextLength; }, {}},
      {"negative vocab", [](ConfigJson& j) { j["model"]["vocab_size"] = -5; }, {"model.vocab_size is -5"}},
      {"zero vocab", [](ConfigJson& j) { j["model"]["vocab_size"] = 0; }, {"model.vocab_size is 0"}},
      {"window past context",
       [&](ConfigJson& j) { decoder(j)["sliding_window"]["window_size"] = 5000; },
       {"model.decoder.sliding_window.window_size is 5000", "between 1 and 4096"}},
      {"max length past context",
       [](ConfigJson& j) { j["search"]["max_length"] = 4097; },
       {"search.max_length is 4097", "between 0 and 4096"}},
      {"max length zero means context", [](ConfigJson& j) { j["search"]["max_length"] = 0; }, {}},
  };
  for (const auto& c : cases) {
    ConfigJson json = fixture("qnn_pipeline.json");
    c.edit(json);
    if (c.needles.empty()) {
      EXPECT_NO_THROW(check_config_limits(json)) << c.what;
      continue;
    }
    try {
      check_config_limits(json);
      ADD_FAILURE() << "accepted: " << c.what;
    } catch (const UsageError& e) {
      for (const auto& needle : c.needles) EXPECT_THAT(e.what(), HasSubstr(needle)) << c.what;
    }
  }
}

TEST(ConfigLimitsTest, ParsingAppliesTheLimits) {
  ConfigJson json = fixture("qnn_pipeline.json");
  json["model"]["decoder"]["num_hidden_layers"] = -1;
  EXPECT_THROW(parse_genai_config(json), UsageError);
}

}  // namespace
}  // namespace winml::bundle
