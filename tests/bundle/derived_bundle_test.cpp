#include "bundle/derived_bundle.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "bundle/ep_override.h"
#include "test_support.h"
#include "test_support/cache_dir_scope.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

namespace fs = std::filesystem;
using testing::fixture;
using ::testing::HasSubstr;
using testing::override_names;
using testing::read_text;
using testing::TempDir;
using testing::write_text;

// A QNN-style bundle on disk: config, four stages with external data, a tokenizer.
class DerivedBundleTest : public ::testing::Test {
 protected:
  void SetUp() override {
    bundle_ = root_.path() / "phi-npu";
    write_text(bundle_ / "genai_config.json", fixture("qnn_pipeline.json").dump(2));
    for (const char* file : {"embeddings.onnx", "ctx.onnx", "ctx.onnx.data", "iter.onnx", "lm_head.onnx",
                             "tokenizer.json", "tokenizer_config.json"}) {
      write_text(bundle_ / file, std::string("content of ") + file);
    }
    write_text(bundle_ / "extra" / "notes.txt", "a folder entry");
  }

  std::set<std::string> entries(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
  }

  TempDir root_;
  fs::path bundle_;
};

TEST_F(DerivedBundleTest, LinksEveryEntryAndWritesThePatchedConfig) {
  ConfigJson patched = override_names(fixture("qnn_pipeline.json"), "cpu").config;
  fs::path out = bundle_ / "_compiled";
  write_derived_bundle(bundle_, patched, out);

  EXPECT_EQ(entries(out),
            (std::set<std::string>{"genai_config.json", "embeddings.onnx", "ctx.onnx", "ctx.onnx.data", "iter.onnx",
                                   "lm_head.onnx", "tokenizer.json", "tokenizer_config.json", "extra"}));
  EXPECT_EQ(ConfigJson::parse(read_text(out / "genai_config.json")), patched);
  EXPECT_FALSE(fs::is_symlink(out / "genai_config.json"));
  // Inside the bundle, links are relative so the bundle can move.
  EXPECT_TRUE(fs::is_symlink(out / "ctx.onnx"));
  EXPECT_EQ(fs::read_symlink(out / "ctx.onnx"), fs::path("../ctx.onnx"));
  EXPECT_EQ(read_text(out / "ctx.onnx.data"), "content of ctx.onnx.data");
  EXPECT_EQ(read_text(out / "extra" / "notes.txt"), "a folder entry");
  // The original config is untouched.
  EXPECT_EQ(ConfigJson::parse(read_text(bundle_ / "genai_config.json")), fixture("qnn_pipeline.json"));
}

TEST_F(DerivedBundleTest, OutsideTheBundleLinksAreAbsolute) {
  fs::path out = root_.path() / "elsewhere" / "derived";
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  fs::path target = fs::read_symlink(out / "iter.onnx");
  EXPECT_TRUE(target.is_absolute());
  EXPECT_EQ(target, fs::canonical(bundle_) / "iter.onnx");
  EXPECT_EQ(read_text(out / "iter.onnx"), "content of iter.onnx");
}

TEST_F(DerivedBundleTest, RerunIsIdempotentAndUpdatesTheConfig) {
  fs::path out = bundle_ / "_compiled";
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  auto before = entries(out);
  auto link_before = fs::read_symlink(out / "ctx.onnx");
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  EXPECT_EQ(entries(out), before);
  EXPECT_EQ(fs::read_symlink(out / "ctx.onnx"), link_before);

  ConfigJson patched = override_names(fixture("qnn_pipeline.json"), "openvino").config;
  write_derived_bundle(bundle_, patched, out);
  EXPECT_EQ(ConfigJson::parse(read_text(out / "genai_config.json")), patched);
  EXPECT_EQ(entries(out), before);
}

// A run killed while writing the derived genai_config.json left its temporary file; the next
// derive into the folder removes it (its writer is gone) instead of linking or keeping it.
TEST_F(DerivedBundleTest, RerunSweepsTheTemporaryFileOfAKilledWrite) {
  fs::path out = bundle_ / "_compiled";
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  auto before = entries(out);
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  write_text(out / ("genai_config.json.tmp-" + std::to_string(child) + "-AbC123"), "{\"partial");
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  EXPECT_EQ(entries(out), before);
}

TEST_F(DerivedBundleTest, ReplacesStaleLinksAndKeepsFilesTheConfigNames) {
  fs::path out = bundle_ / "_compiled";
  fs::create_directories(out);
  fs::create_symlink("/nonexistent/tokenizer.json", out / "tokenizer.json");
  write_text(out / "ctx_qnn_ctx.onnx", "compiled");
  ConfigJson config = fixture("qnn_pipeline.json");
  config["model"]["decoder"]["pipeline"][0]["ctx"]["filename"] = "ctx_qnn_ctx.onnx";
  write_text(bundle_ / "ctx_qnn_ctx.onnx", "an older compiled copy in the bundle");
  write_derived_bundle(bundle_, config, out);
  EXPECT_EQ(read_text(out / "tokenizer.json"), "content of tokenizer.json");
  EXPECT_FALSE(fs::is_symlink(out / "ctx_qnn_ctx.onnx"));
  EXPECT_EQ(read_text(out / "ctx_qnn_ctx.onnx"), "compiled");
}

TEST_F(DerivedBundleTest, RerunDropsLinksToEntriesTheBundleNoLongerHas) {
  fs::path out = bundle_ / "_compiled";
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  fs::create_symlink("/somewhere/else", out / "users-own-link");
  fs::remove(bundle_ / "tokenizer_config.json");
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  EXPECT_FALSE(fs::exists(fs::symlink_status(out / "tokenizer_config.json")));
  EXPECT_TRUE(fs::is_symlink(out / "users-own-link"));
  EXPECT_TRUE(fs::is_symlink(out / "tokenizer.json"));
}

TEST_F(DerivedBundleTest, NeverLinksTheOutputFolderIntoItself) {
  fs::path out = bundle_ / "extra" / "derived";
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), out);
  EXPECT_EQ(entries(out).count("extra"), 0u);
  EXPECT_EQ(entries(out).count("ctx.onnx"), 1u);
  EXPECT_EQ(fs::read_symlink(out / "ctx.onnx"), fs::path("../../ctx.onnx"));
}

TEST_F(DerivedBundleTest, WritesNothingOutsideTheOutputFolder) {
  auto bundle_before = entries(bundle_);
  auto config_time = fs::last_write_time(bundle_ / "genai_config.json");
  fs::path out = root_.path() / "derived";
  write_derived_bundle(bundle_, override_names(fixture("qnn_pipeline.json"), "cpu").config, out);
  EXPECT_EQ(entries(bundle_), bundle_before);
  EXPECT_EQ(fs::last_write_time(bundle_ / "genai_config.json"), config_time);
  EXPECT_EQ(entries(root_.path()), (std::set<std::string>{"phi-npu", "derived"}));
}

TEST_F(DerivedBundleTest, RefusesToOverwriteTheBundleItself) {
  try {
    write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), bundle_ / ".");
    ADD_FAILURE() << "wrote into the bundle";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("original genai_config.json"));
  }
}

TEST_F(DerivedBundleTest, SortedJsonOverloadWritesTheSameConfig) {
  fs::path out = root_.path() / "derived";
  nlohmann::json sorted = nlohmann::json::parse(fixture("cuda_decoder.json").dump());
  write_derived_bundle(bundle_, sorted, out);
  EXPECT_EQ(nlohmann::json::parse(read_text(out / "genai_config.json")), sorted);
}

using test::CacheDirScope;

TEST_F(DerivedBundleTest, WritableBundleUsesItsCompiledFolder) {
  EXPECT_EQ(derived_bundle_dir(bundle_), fs::canonical(bundle_) / "_compiled");
  EXPECT_TRUE(fs::is_directory(bundle_ / "_compiled"));
}

TEST_F(DerivedBundleTest, UnusableCompiledFolderFallsBackToCacheRoot) {
  TempDir cache;
  CacheDirScope scope(cache.path());
  write_text(bundle_ / "_compiled", "a file where the folder should be");
  fs::path dir = derived_bundle_dir(bundle_);
  EXPECT_EQ(dir.parent_path(), cache.path() / "bundles");
  EXPECT_EQ(dir.filename().string().rfind("phi-npu-", 0), 0u);
  EXPECT_EQ(dir.filename().string().size(), std::string("phi-npu-").size() + 16);
  EXPECT_TRUE(fs::is_directory(dir));
  EXPECT_EQ(derived_bundle_dir(bundle_), dir);  // stable per bundle
  write_derived_bundle(bundle_, fixture("qnn_pipeline.json"), dir);
  EXPECT_EQ(read_text(dir / "lm_head.onnx"), "content of lm_head.onnx");
}

TEST_F(DerivedBundleTest, ReadOnlyBundleFallsBackToCacheRoot) {
  if (::geteuid() == 0) GTEST_SKIP() << "root ignores permission bits, so a chmod'ed bundle stays writable";
  TempDir cache;
  CacheDirScope scope(cache.path());
  fs::permissions(bundle_, fs::perms::owner_read | fs::perms::owner_exec);
  fs::path dir = derived_bundle_dir(bundle_);
  fs::permissions(bundle_, fs::perms::owner_all);
  EXPECT_EQ(dir.parent_path(), cache.path() / "bundles");
  EXPECT_FALSE(fs::exists(bundle_ / "_compiled"));
}

TEST_F(DerivedBundleTest, OverrideFolderIsUnderCacheRootEvenForWritableBundle) {
  TempDir cache;
  CacheDirScope scope(cache.path());
  fs::path dir = override_bundle_dir(bundle_);
  EXPECT_EQ(dir, cache_bundle_dir(bundle_));
  EXPECT_EQ(dir.parent_path(), cache.path() / "bundles");
  EXPECT_TRUE(fs::is_directory(dir));
  EXPECT_FALSE(fs::exists(bundle_ / "_compiled")) << "the bundle folder was written";
}

TEST_F(DerivedBundleTest, UnwritableCacheRootNamesItAndTheVariable) {
  CacheDirScope scope("/proc/winml-no-cache");
  try {
    override_bundle_dir(bundle_);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/proc/winml-no-cache"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("WINML_CACHE_DIR"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(bundle_ / "_compiled"));
}

}  // namespace
}  // namespace winml::bundle
