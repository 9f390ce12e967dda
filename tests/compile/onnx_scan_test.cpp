#include "compile/onnx_scan.h"

#include <gtest/gtest.h>

#include <fstream>

#include "compile/onnx_fixtures.h"
#include "test_support/temp_dir.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

TEST(OnnxScan, FindsExternalDataOfASourceModel) {
  test::TempDir dir;
  test::write_source_model(dir.path() / "model.onnx");
  OnnxScan scan = scan_onnx(dir.path() / "model.onnx");
  EXPECT_TRUE(scan.valid) << scan.problem;
  EXPECT_EQ(scan.external_data, std::vector<std::string>{"model.onnx.data"});
  EXPECT_TRUE(scan.ep_contexts.empty());
}

TEST(OnnxScan, ModelWithInlineWeightsHasNoExternalData) {
  test::TempDir dir;
  test::write_source_model(dir.path() / "model.onnx", /*external_data=*/false);
  OnnxScan scan = scan_onnx(dir.path() / "model.onnx");
  EXPECT_TRUE(scan.valid) << scan.problem;
  EXPECT_TRUE(scan.external_data.empty());
}

TEST(OnnxScan, ReadsEpContextNodes) {
  test::TempDir dir;
  test::write_bytes(dir.path() / "a.onnx", test::epcontext_model_bytes("QNNExecutionProvider", false, "a.bin"));
  test::write_bytes(dir.path() / "b.onnx", test::epcontext_model_bytes("QNNExecutionProvider", true, "BLOB"));
  OnnxScan a = scan_onnx(dir.path() / "a.onnx");
  ASSERT_TRUE(a.valid) << a.problem;
  ASSERT_EQ(a.ep_contexts.size(), 1u);
  EXPECT_EQ(a.ep_contexts[0].embed_mode, 0);
  EXPECT_EQ(a.ep_contexts[0].cache_context, "a.bin");
  EXPECT_EQ(a.ep_contexts[0].source, "QNNExecutionProvider");
  EXPECT_EQ(a.ep_contexts[0].name, "ctx_node");
  OnnxScan b = scan_onnx(dir.path() / "b.onnx");
  ASSERT_EQ(b.ep_contexts.size(), 1u);
  EXPECT_EQ(b.ep_contexts[0].embed_mode, 1);
  EXPECT_TRUE(b.ep_contexts[0].cache_context.empty()) << "an embedded context is not a file name";
}

TEST(OnnxScan, RejectsMissingEmptyAndGarbageFiles) {
  test::TempDir dir;
  EXPECT_FALSE(scan_onnx(dir.path() / "missing.onnx").valid);
  test::write_bytes(dir.path() / "empty.onnx", "");
  EXPECT_EQ(scan_onnx(dir.path() / "empty.onnx").problem, "the file is empty");
  test::write_bytes(dir.path() / "text.onnx", "this is not an ONNX model\n");
  OnnxScan text = scan_onnx(dir.path() / "text.onnx");
  EXPECT_FALSE(text.valid);
  EXPECT_FALSE(text.problem.empty());
  test::write_bytes(dir.path() / "zeros.onnx", std::string(64, '\0'));
  EXPECT_FALSE(scan_onnx(dir.path() / "zeros.onnx").valid);
}

TEST(OnnxScan, EveryTruncationOfAModelIsInvalid) {
  test::TempDir dir;
  const std::string bytes = test::plain_model_bytes();
  const auto path = dir.path() / "m.onnx";
  test::write_bytes(path, bytes);
  ASSERT_TRUE(scan_onnx(path).valid) << scan_onnx(path).problem;
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    test::write_bytes(path, bytes.substr(0, n));
    EXPECT_FALSE(scan_onnx(path).valid) << "a prefix of " << n << " of " << bytes.size() << " bytes passed";
  }
}

TEST(OnnxScan, RejectsAFieldOfTheWrongWireType) {
  test::TempDir dir;
  // Field 7 (graph) encoded as a varint instead of a message.
  test::write_bytes(dir.path() / "m.onnx", std::string("\x08\x08\x38\x01", 4));
  OnnxScan scan = scan_onnx(dir.path() / "m.onnx");
  EXPECT_FALSE(scan.valid);
  EXPECT_NE(scan.problem.find("wrong type"), std::string::npos) << scan.problem;
}

TEST(OnnxScan, CompanionFilesFollowLocationsAndConventionInsideTheFolder) {
  test::TempDir dir;
  test::write_source_model(dir.path() / "model.onnx");
  test::write_bytes(dir.path() / "model.data", "x");
  OnnxScan scan = scan_onnx(dir.path() / "model.onnx");
  auto files = companion_files(dir.path() / "model.onnx", scan);
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0], dir.path() / "model.onnx.data");
  EXPECT_EQ(files[1], dir.path() / "model.data");
  scan.external_data = {"../outside.bin", "/etc/passwd"};
  for (const auto& f : companion_files(dir.path() / "model.onnx", scan)) {
    EXPECT_NE(f.filename(), "outside.bin");
    EXPECT_NE(f, fs::path("/etc/passwd"));
  }
}

TEST(OnnxScan, ContainedRelativePaths) {
  EXPECT_TRUE(is_contained_relative_path("a.bin"));
  EXPECT_TRUE(is_contained_relative_path("sub/a.bin"));
  EXPECT_FALSE(is_contained_relative_path(""));
  EXPECT_FALSE(is_contained_relative_path("/abs.bin"));
  EXPECT_FALSE(is_contained_relative_path("../up.bin"));
  EXPECT_FALSE(is_contained_relative_path("sub/../../up.bin"));
}

}  // namespace
}  // namespace winml::compile

namespace winml::compile {
namespace {

// A node with a varint field the scan does not know (field 15) is passed over: the scan goes on
// to the end of the node and the model is valid.
TEST(OnnxScan, AnUnknownVarintFieldInANodeIsSkippedInPlace) {
  test::TempDir dir;
  const fs::path path = dir.path() / "model.onnx";
  // ir_version 8; opset_import {}; graph { node { field 15: 1 } }
  const std::string bytes("\x08\x08\x42\x00\x3a\x04\x0a\x02\x78\x01", 10);
  std::ofstream(path, std::ios::binary) << bytes;
  const OnnxScan scan = scan_onnx(path);
  EXPECT_TRUE(scan.valid) << scan.problem;
  EXPECT_TRUE(scan.ep_contexts.empty());
}

}  // namespace
}  // namespace winml::compile
