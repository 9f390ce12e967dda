#include "bundle/bundle_paths.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using testing::TempDir;
using testing::write_text;

constexpr const char* kConfig =
    R"({"model": {"type": "decoder-pipeline", "context_length": 64, "decoder": {"pipeline": [
      {"embed": {"filename": "embed.onnx"}}, {"ctx": {"filename": "sub/ctx.onnx"}}]}}})";

// A bundle folder with its config and real stage files, inside a scratch root.
struct Scratch {
  TempDir root;
  fs::path bundle = root.path() / "bundle";
  Scratch() {
    write_text(bundle / "genai_config.json", kConfig);
    write_text(bundle / "embed.onnx", "onnx");
    write_text(bundle / "sub" / "ctx.onnx", "onnx");
    write_text(bundle / "tokenizer.json", "{}");
  }
  void check() const { require_contained_files(load_genai_config(bundle), bundle); }
};

TEST(BundlePathsTest, LinksAreJudgedByWhereTheyLead) {
  {
    // Windows creates symbolic links only with Developer Mode or an administrator's right; wine
    // not at all. Without them no bundle can hold one, and there is nothing to judge.
    TempDir probe;
    std::error_code ec;
    fs::create_symlink("target", probe.path() / "link", ec);
    if (ec) GTEST_SKIP() << "this system cannot create symbolic links here: " << ec.message();
  }
  struct Case {
    const char* what;
    std::function<void(const Scratch&)> setup;
    std::string needle;  // empty: accepted
  };
  const std::vector<Case> cases = {
      {"plain files", [](const Scratch&) {}, ""},
      {"link inside the bundle",
       [](const Scratch& s) {
         fs::rename(s.bundle / "embed.onnx", s.bundle / "real.onnx");
         fs::create_symlink("real.onnx", s.bundle / "embed.onnx");
       },
       ""},
      {"stage linked outside",
       [](const Scratch& s) {
         write_text(s.root.path() / "secret.txt", "secret");
         fs::remove(s.bundle / "embed.onnx");
         fs::create_symlink(s.root.path() / "secret.txt", s.bundle / "embed.onnx");
       },
       "stage 'embed' file embed.onnx"},
      {"stage folder linked outside",
       [](const Scratch& s) {
         write_text(s.root.path() / "elsewhere" / "ctx.onnx", "onnx");
         fs::remove_all(s.bundle / "sub");
         fs::create_directory_symlink(s.root.path() / "elsewhere", s.bundle / "sub");
       },
       "stage 'ctx' file sub/ctx.onnx"},
      {"unnamed external data linked outside",
       [](const Scratch& s) { fs::create_symlink("/etc/passwd", s.bundle / "embed.onnx.data"); },
       "bundle entry embed.onnx.data"},
      {"tokenizer linked outside",
       [](const Scratch& s) {
         fs::remove(s.bundle / "tokenizer.json");
         fs::create_symlink("/etc/hostname", s.bundle / "tokenizer.json");
       },
       "bundle entry tokenizer.json"},
      {"link loop",
       [](const Scratch& s) {
         fs::create_symlink("loop_b", s.bundle / "loop_a");
         fs::create_symlink("loop_a", s.bundle / "loop_b");
       },
       "loop_a"},
      {"links into another bundle (a derived bundle)",
       [](const Scratch& s) {
         fs::path source = s.root.path() / "source";
         write_text(source / "genai_config.json", kConfig);
         write_text(source / "embed.onnx", "onnx");
         fs::remove(s.bundle / "embed.onnx");
         fs::create_symlink(source / "embed.onnx", s.bundle / "embed.onnx");
       },
       ""},
      {"_compiled is left to its own check",
       [](const Scratch& s) {
         fs::create_directory(s.bundle / "_compiled");
         fs::create_symlink("/etc/passwd", s.bundle / "_compiled" / "x");
       },
       ""},
  };
  for (const auto& c : cases) {
    Scratch scratch;
    c.setup(scratch);
    if (c.needle.empty()) {
      EXPECT_NO_THROW(scratch.check()) << c.what;
      continue;
    }
    try {
      scratch.check();
      ADD_FAILURE() << "accepted: " << c.what;
    } catch (const UsageError& e) {
      EXPECT_THAT(e.what(), HasSubstr(c.needle)) << c.what;
    }
  }
}

TEST(BundlePathsTest, HuggingFaceSnapshotsMayUseTheirBlobStore) {
  fs::path repo = "/cache/hub/models--org--name";
  fs::path root = repo / "snapshots" / "abc123";
  EXPECT_TRUE(bundle_may_reach(root, repo / "blobs" / "0123"));
  EXPECT_TRUE(bundle_may_reach(root / "cpu-int4", repo / "blobs" / "0123"));
  EXPECT_FALSE(bundle_may_reach(root, repo / "refs" / "main"));
  EXPECT_FALSE(bundle_may_reach("/plain/bundle", "/plain/blobs/0123"));
  EXPECT_TRUE(bundle_may_reach("/plain/bundle", "/plain/bundle/sub/x.onnx"));
  EXPECT_FALSE(bundle_may_reach("/plain/bundle", "/plain/bundle2/x.onnx"));
}

TEST(BundlePathsTest, IsWithin) {
  EXPECT_TRUE(is_within("/a/b", "/a/b"));
  EXPECT_TRUE(is_within("/a/b/c", "/a/b"));
  EXPECT_FALSE(is_within("/a/bc", "/a/b"));
  EXPECT_FALSE(is_within("/a", "/a/b"));
}

}  // namespace
}  // namespace winml::bundle
