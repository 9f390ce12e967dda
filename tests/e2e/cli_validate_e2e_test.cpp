// End to end through the winml binary and the real ONNX Runtime: every input kind read from the
// ONNX test-data layout and generated, and each outcome of --validate, on Identity models the
// tests write themselves.

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>
// after onnx_pb.h, which defines the ONNX_API macro it uses
#include <onnx/onnx-data.pb.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compile/onnx_fixtures.h"
#include "test_support/json_file.h"
#include "test_support/report_doc.h"
#include "test_support/report_schema.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

onnx::TypeProto tensor_type(int elem_type) {
  onnx::TypeProto type;
  type.mutable_tensor_type()->set_elem_type(elem_type);
  type.mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_param("n");
  return type;
}

onnx::TypeProto holder_type(bool sequence, const onnx::TypeProto& element) {
  onnx::TypeProto type;
  if (sequence) {
    *type.mutable_sequence_type()->mutable_elem_type() = element;
  } else {
    *type.mutable_optional_type()->mutable_elem_type() = element;
  }
  return type;
}

// y = Identity(x), x and y of `type`.
void write_identity_model(const fs::path& path, const onnx::TypeProto& type) {
  onnx::ModelProto model;
  model.set_ir_version(10);
  model.set_producer_name("winml-tests");
  model.add_opset_import()->set_version(21);
  auto* graph = model.mutable_graph();
  graph->set_name("identity");
  auto* node = graph->add_node();
  node->set_op_type("Identity");
  node->add_input("x");
  node->add_output("y");
  auto* x = graph->add_input();
  x->set_name("x");
  *x->mutable_type() = type;
  auto* y = graph->add_output();
  y->set_name("y");
  *y->mutable_type() = type;
  fs::create_directories(path.parent_path());
  test::write_bytes(path, model.SerializeAsString());
}

// Two elements of ONNX type `code`: raw bytes (1 and 0 in the type's encoding) or strings.
onnx::TensorProto two_elements(int code, const std::string& name) {
  onnx::TensorProto tensor;
  tensor.set_name(name);
  tensor.set_data_type(code);
  tensor.add_dims(2);
  if (code == onnx::TensorProto::STRING) {
    tensor.add_string_data("one");
    tensor.add_string_data("");
    return tensor;
  }
  // Byte patterns that are valid numbers in every format: all-zero bits (0) and a small value.
  std::string raw;
  switch (code) {
    case 21:
    case 22:
    case 23:
      raw = std::string(1, '\x10');  // 4-bit types: two packed in a byte
      break;
    default: {
      static const std::map<int, int> sizes = {{1, 4}, {2, 1},  {3, 1},  {4, 2},  {5, 2},  {6, 4}, {7, 8},
                                               {9, 1}, {10, 2}, {11, 8}, {12, 4}, {13, 8}, {16, 2}};
      const int size = sizes.count(code) != 0 ? sizes.at(code) : 1;
      raw = std::string(static_cast<std::size_t>(size) * 2, '\0');
      raw[static_cast<std::size_t>(size) * 2 - 1] = '\x30';  // highest byte of the second element
      if (code == onnx::TensorProto::BOOL) raw = std::string("\x01\x00", 2);
    }
  }
  tensor.set_raw_data(raw);
  return tensor;
}

class ValidateE2e : public ::testing::Test {
 protected:
  test::CommandResult perf(const fs::path& model, const std::string& args) {
    return test::run_winml("perf --no-color -q -m " + model.string() + " --iterations 2 --warmup 1 -o " +
                           report().string() + " --overwrite " + args);
  }
  fs::path report() const { return dir_.path() / "report.json"; }
  nlohmann::json validation() {
    auto doc = test::read_json(report());
    const auto schema = test::check_report(doc);
    EXPECT_TRUE(schema.valid()) << schema.problems;
    return test::first_result(doc)["metrics"].value("validation", nlohmann::json());
  }
  test::TempDir dir_;
};

TEST_F(ValidateE2e, EveryTensorTypeIsReadValidatedAndGenerated) {
  const std::vector<int> codes = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 21, 22};
  for (int code : codes) {
    const fs::path folder = dir_.path() / ("type_" + std::to_string(code));
    write_identity_model(folder / "model.onnx", tensor_type(code));
    fs::create_directories(folder / "data");
    test::write_bytes(folder / "data" / "input_0.pb", two_elements(code, "x").SerializeAsString());
    test::write_bytes(folder / "data" / "output_0.pb", two_elements(code, "y").SerializeAsString());
    auto read = perf(folder / "model.onnx", "--input-data " + (folder / "data").string() + " --validate");
    ASSERT_EQ(read.exit_code, 0) << "type " << code << ": " << read.err;
    auto checks = validation();
    EXPECT_EQ(checks["passed"], true) << "type " << code;
    EXPECT_EQ(checks["outputs"][0]["elements"], 2) << "type " << code;
    auto generated = perf(folder / "model.onnx", "");
    EXPECT_EQ(generated.exit_code, 0) << "type " << code << ": " << generated.err;
  }
}

TEST_F(ValidateE2e, SequencesAndOptionalsAreReadValidatedAndGenerated) {
  const onnx::TypeProto floats = tensor_type(onnx::TensorProto::FLOAT);
  // A sequence of two tensors.
  const fs::path seq_model = dir_.path() / "seq" / "model.onnx";
  write_identity_model(seq_model, holder_type(true, floats));
  fs::create_directories(dir_.path() / "seq" / "data");
  onnx::SequenceProto sequence;
  sequence.set_elem_type(onnx::SequenceProto::TENSOR);
  *sequence.add_tensor_values() = two_elements(1, "");
  *sequence.add_tensor_values() = two_elements(1, "");
  test::write_bytes(dir_.path() / "seq" / "data" / "input_0.pb", sequence.SerializeAsString());
  test::write_bytes(dir_.path() / "seq" / "data" / "output_0.pb", sequence.SerializeAsString());
  auto read = perf(seq_model, "--input-data " + (dir_.path() / "seq" / "data").string() + " --validate");
  ASSERT_EQ(read.exit_code, 0) << read.err;
  EXPECT_EQ(validation()["outputs"][0]["type"], "seq(tensor(float))");
  EXPECT_EQ(validation()["outputs"][0]["elements"], 4);
  EXPECT_EQ(perf(seq_model, "").exit_code, 0);

  // An optional, holding a tensor and holding None.
  const fs::path opt_model = dir_.path() / "opt" / "model.onnx";
  write_identity_model(opt_model, holder_type(false, floats));
  onnx::OptionalProto some;
  some.set_elem_type(onnx::OptionalProto::TENSOR);
  *some.mutable_tensor_value() = two_elements(1, "");
  const onnx::OptionalProto none;
  for (const auto* value : {&some, &none}) {
    const fs::path data = dir_.path() / "opt" / (value == &none ? "none" : "some");
    fs::create_directories(data);
    test::write_bytes(data / "input_0.pb", value->SerializeAsString());
    test::write_bytes(data / "output_0.pb", value->SerializeAsString());
    auto result = perf(opt_model, "--input-data " + data.string() + " --validate");
    ASSERT_EQ(result.exit_code, 0) << data << ": " << result.err;
    EXPECT_EQ(validation()["passed"], true);
  }
  EXPECT_EQ(perf(opt_model, "").exit_code, 0);
}

TEST_F(ValidateE2e, AMismatchExitsWithCodeThreeAfterTheReport) {
  const fs::path model = dir_.path() / "m" / "model.onnx";
  write_identity_model(model, tensor_type(onnx::TensorProto::FLOAT));
  const fs::path tests = dir_.path() / "m";
  for (int k : {0, 1}) {
    const fs::path set = tests / ("test_data_set_" + std::to_string(k));
    fs::create_directories(set);
    onnx::TensorProto x = two_elements(1, "x");
    test::write_bytes(set / "input_0.pb", x.SerializeAsString());
    onnx::TensorProto y = two_elements(1, "y");
    if (k == 1) y.set_raw_data(std::string("\0\0\0\0\0\0\x80\x3f", 8));  // the second element is 1.0
    test::write_bytes(set / "output_0.pb", y.SerializeAsString());
  }
  auto result = perf(model, "--input-data " + tests.string() + " --validate");
  EXPECT_EQ(result.exit_code, 3) << result.err;
  EXPECT_NE(result.err.find("1 of 2 outputs do not match"), std::string::npos) << result.err;
  auto checks = validation();  // the report is complete
  EXPECT_EQ(checks["passed"], false);
  ASSERT_EQ(checks["outputs"].size(), 2u);
  EXPECT_EQ(checks["outputs"][0]["passed"], true);
  EXPECT_EQ(checks["outputs"][1]["data_set"], "test_data_set_1");
  EXPECT_EQ(checks["outputs"][1]["mismatched"], 1);
  auto doc = test::read_json(report());
  EXPECT_EQ(test::first_result(doc)["config"]["data_sets"].size(), 2u);
  // A wide enough tolerance accepts it; a shape difference is a problem no tolerance hides.
  EXPECT_EQ(perf(model, "--input-data " + tests.string() + " --validate --atol 1").exit_code, 0);
  onnx::TensorProto three = two_elements(1, "y");
  three.set_dims(0, 1);
  three.set_raw_data(std::string(4, '\0'));
  test::write_bytes(tests / "test_data_set_1" / "output_0.pb", three.SerializeAsString());
  EXPECT_EQ(perf(model, "--input-data " + tests.string() + " --validate --atol 1").exit_code, 3);
  EXPECT_EQ(validation()["outputs"][1]["problem"], "shape [2], expected [1]");
}

TEST_F(ValidateE2e, InputsThatCannotBeFedAreClearErrors) {
  const fs::path model = dir_.path() / "f" / "model.onnx";
  write_identity_model(model, tensor_type(onnx::TensorProto::FLOAT));
  const fs::path data = dir_.path() / "f" / "data";
  fs::create_directories(data);
  test::write_bytes(data / "input_0.pb", two_elements(13, "x").SerializeAsString());
  auto wrong_type = perf(model, "--input-data " + data.string());
  EXPECT_EQ(wrong_type.exit_code, 2);
  EXPECT_NE(wrong_type.err.find("tensor of uint64 but the model takes float"), std::string::npos) << wrong_type.err;
  auto no_data = perf(model, "--validate");
  EXPECT_EQ(no_data.exit_code, 2);
  EXPECT_NE(no_data.err.find("--input-data"), std::string::npos) << no_data.err;

  const fs::path seq_model = dir_.path() / "s" / "model.onnx";
  write_identity_model(seq_model, holder_type(true, tensor_type(onnx::TensorProto::FLOAT)));
  fs::create_directories(dir_.path() / "s" / "data");
  onnx::SequenceProto empty;
  empty.set_elem_type(onnx::SequenceProto::TENSOR);
  test::write_bytes(dir_.path() / "s" / "data" / "input_0.pb", empty.SerializeAsString());
  auto empty_sequence = perf(seq_model, "--input-data " + (dir_.path() / "s" / "data").string());
  EXPECT_EQ(empty_sequence.exit_code, 1);
  EXPECT_NE(empty_sequence.err.find("empty sequence"), std::string::npos) << empty_sequence.err;
}

}  // namespace
}  // namespace winml
