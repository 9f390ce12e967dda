// The duplicate-key differential: GenAI's view of a genai_config.json against winml's. GenAI's
// parser applies every occurrence of a key (two objects under one name merge), nlohmann keeps the
// last one, so a check made on nlohmann's view misses whatever the first occurrence holds. Each
// case here writes a key twice, the first occurrence carrying something GenAI visibly applies, and
// shows three views of the same bytes:
//  - GenAI (the pinned library, called directly) applies the first occurrence;
//  - a last-wins parse does not see it (the hole winml's checks used to read through);
//  - winml refuses the file, naming the path of the second occurrence, and the CLI exits 1
//    without loading anything.
// If GenAI ever starts refusing repeated keys itself, the first expectation of a case fails.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bundle/genai_config.h"
#include "bundle/native_code.h"
#include "test_support/genai_direct_load.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// A placeholder key, renamed in the text once the JSON is written: nlohmann cannot hold a key twice.
constexpr const char* kPlaceholder = "winml-test-first-occurrence";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// One repeated key: at JSON pointer `object`, `key` is written first with `first`, then with the
// value the synthetic bundle already has there.
struct DuplicateCase {
  std::string name;
  std::string bundle;  // "tiny" or "pipe"
  std::string object;  // JSON pointer of the object holding the key twice
  std::string key;
  Json first;
  std::string winml_path;  // the path winml's refusal names
};

class GenaiDuplicateKeys : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    for (const auto& [name, flags] : {std::pair{"tiny", ""}, std::pair{"pipe", " --pipeline"}}) {
      auto result = test::run_winml("bundle synth -q" + std::string(flags) + " -o " + (root_->path() / name).string());
      ASSERT_EQ(result.exit_code, 0) << result.err;
    }
  }
  static void TearDownTestSuite() { delete root_; }

  // A copy of the synthetic bundle whose config holds the case's key twice; returns its folder.
  fs::path write_case(const DuplicateCase& c) {
    fs::path bundle = scratch_.path() / c.name;
    fs::copy(root_->path() / c.bundle, bundle, fs::copy_options::recursive);
    Json config = Json::parse(read_text(bundle / "genai_config.json"));
    Json& holder = config.at(Json::json_pointer(c.object));
    Json rewritten = Json::object();
    for (auto it = holder.begin(); it != holder.end(); ++it) {
      if (it.key() == c.key) rewritten[kPlaceholder] = c.first;
      rewritten[it.key()] = it.value();
    }
    holder = rewritten;
    std::string text = config.dump(2);
    const std::string placeholder = "\"" + std::string(kPlaceholder) + "\"";
    const auto at = text.find(placeholder);
    if (at == std::string::npos) {
      ADD_FAILURE() << c.object << " of the synthetic " << c.bundle << " bundle has no " << c.key;
      return bundle;
    }
    text.replace(at, placeholder.size(), "\"" + c.key + "\"");
    std::ofstream(bundle / "genai_config.json", std::ios::binary) << text;
    return bundle;
  }

  fs::path marker() const { return scratch_.path() / "marker"; }

  static test::TempDir* root_;
  test::TempDir scratch_;
};
test::TempDir* GenaiDuplicateKeys::root_ = nullptr;

// winml's refusal of the bundle, through the library and through the CLI.
void expect_winml_refuses(const fs::path& bundle, const std::string& path, const fs::path& marker) {
  try {
    (void)bundle::load_genai_config(bundle);
    ADD_FAILURE() << "winml read " << bundle << " with " << path << " given twice";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("given twice"), std::string::npos) << message;
    EXPECT_NE(message.find(path), std::string::npos) << message;
  }
  auto result = test::run_command("WINML_TEST_MARKER=" + marker.string() + " " + test::winml_binary() +
                                  " generate -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(result.exit_code, 2) << result.err;  // a bad bundle file: a usage error
  EXPECT_NE(result.err.find(path), std::string::npos) << result.err;
  EXPECT_FALSE(fs::exists(marker)) << "winml loaded the library the first occurrence names";
}

// The critical case: a first session_options names a library; the last-wins view has none, GenAI
// opens it (its constructor runs), winml refuses before anything loads.
TEST_F(GenaiDuplicateKeys, AFirstSessionOptionsLoadsItsLibraryInGenaiAndIsRefusedByWinml) {
  const DuplicateCase c{"custom_ops",
                        "tiny",
                        "/model/decoder",
                        "session_options",
                        Json{{"custom_ops_library", "libcustom.so"}},
                        "model.decoder.session_options"};
  fs::path bundle = write_case(c);
  // Shipped in the bundle: GenAI opens libraries only from the model folder, EP folders and the
  // working directory.
  fs::copy_file(WINML_TEST_MARKER_LIB, bundle / "libcustom.so");
  const std::string text = read_text(bundle / "genai_config.json");

  // The view winml's checks had: the library is not there.
  EXPECT_TRUE(bundle::find_native_code_options(Json::parse(text), bundle, scratch_.path()).empty());

  // GenAI's view: the library is opened.
  ASSERT_EQ(::setenv("WINML_TEST_MARKER", marker().c_str(), 1), 0);
  const std::string genai_error = test::genai_direct_load_error(bundle);
  ::unsetenv("WINML_TEST_MARKER");
  EXPECT_TRUE(fs::exists(marker())) << "GenAI did not open the first occurrence's library: " << genai_error;

  fs::remove(marker());
  expect_winml_refuses(bundle, c.winml_path, marker());
}

// The same class at other levels: what the first occurrence says reaches GenAI's load (its error
// names the provider or file only the first occurrence holds).
TEST_F(GenaiDuplicateKeys, EveryLevelMergesInGenaiAndIsRefusedByWinml) {
  const Json unknown_provider = {{"provider_options", Json::array({{{"WinmlNoSuchEP", Json::object()}}})}};
  const std::vector<DuplicateCase> cases = {
      {"decoder_session_options", "tiny", "/model/decoder", "session_options", unknown_provider,
       "model.decoder.session_options"},
      {"decoder", "tiny", "/model", "decoder", Json{{"session_options", unknown_provider}}, "model.decoder"},
      {"model", "tiny", "", "model", Json{{"decoder", {{"session_options", unknown_provider}}}}, "model"},
      {"stage_session_options", "pipe", "/model/decoder/pipeline/0/embeddings", "session_options", unknown_provider,
       "model.decoder.pipeline[0].embeddings.session_options"},
      {"stage", "pipe", "/model/decoder/pipeline/1", "ctx", Json{{"session_options", unknown_provider}},
       "model.decoder.pipeline[1].ctx"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    fs::path bundle = write_case(c);
    const Json last_wins = Json::parse(read_text(bundle / "genai_config.json"));
    EXPECT_EQ(last_wins.dump().find("WinmlNoSuchEP"), std::string::npos) << "the last-wins view sees the first";
    const std::string genai_error = test::genai_direct_load_error(bundle);
    EXPECT_NE(genai_error.find("WinmlNoSuchEP"), std::string::npos)
        << "GenAI did not apply the first occurrence: '" << genai_error << "'";
    expect_winml_refuses(bundle, c.winml_path, marker());
  }
}

// The control: the same bundles without the repeat load in GenAI and in winml.
TEST_F(GenaiDuplicateKeys, TheBundlesLoadWithoutTheRepeat) {
  for (const char* name : {"tiny", "pipe"}) {
    EXPECT_EQ(test::genai_direct_load_error(root_->path() / name), "") << name;
    EXPECT_NO_THROW((void)bundle::load_genai_config(root_->path() / name)) << name;
  }
}

}  // namespace
}  // namespace winml
