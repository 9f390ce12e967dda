#include "tensor_files/input_data.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>
// after onnx_pb.h, which defines the ONNX_API macro it uses
#include <onnx/onnx-data.pb.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "engine/element_types.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::tensor_files {
namespace {

// A model input; dims -1 are dynamic. By default: float [?] or int64 [?, ?], as the tensors below.
engine::TensorInfo info(std::string name, engine::ElementType type, std::vector<std::int64_t> shape = {}) {
  engine::TensorInfo i;
  i.name = std::move(name);
  i.type = type;
  i.type_name = engine::element_type_name(type);
  if (shape.empty())
    shape = type == engine::ElementType::float32 ? std::vector<std::int64_t>{-1} : std::vector<std::int64_t>{-1, -1};
  i.shape = std::move(shape);
  return i;
}

// The tensors of the single data set in `dir`.
std::vector<engine::HostTensor> load_input_data(const std::filesystem::path& dir,
                                                const std::vector<engine::TensorInfo>& inputs) {
  auto sets = load_data_sets(dir, inputs, {}, false);
  EXPECT_EQ(sets.size(), 1u);
  std::vector<engine::HostTensor> tensors;
  for (auto& value : sets.at(0).inputs) tensors.push_back(std::move(value.tensor));
  return tensors;
}

template <class Proto>
void write_proto(const std::filesystem::path& path, const Proto& proto) {
  std::ofstream out(path, std::ios::binary);
  proto.SerializeToOstream(&out);
}

onnx::TensorProto float_tensor(const std::string& name, std::vector<float> values) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(onnx::TensorProto::FLOAT);
  proto.add_dims(static_cast<std::int64_t>(values.size()));
  proto.set_raw_data(std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
  return proto;
}

onnx::TensorProto int_tensor(const std::string& name, std::vector<std::int64_t> values) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(onnx::TensorProto::INT64);
  proto.add_dims(1);
  proto.add_dims(static_cast<std::int64_t>(values.size()));
  for (auto v : values) proto.add_int64_data(v);
  return proto;
}

TEST(InputData, MatchesByNameBeforePosition) {
  test::TempDir dir;
  // Files are in the opposite order of the model's inputs; their names decide.
  write_proto(dir.path() / "input_0.pb", int_tensor("ids", {5, 6, 7}));
  write_proto(dir.path() / "input_1.pb", float_tensor("x", {1.5f, 2.5f}));
  auto tensors =
      load_input_data(dir.path(), {info("x", engine::ElementType::float32), info("ids", engine::ElementType::int64)});
  ASSERT_EQ(tensors.size(), 2u);
  EXPECT_EQ(tensors[0].name, "x");
  EXPECT_EQ(tensors[0].shape, (std::vector<std::int64_t>{2}));
  float first = 0;
  std::memcpy(&first, tensors[0].data.data(), sizeof first);
  EXPECT_EQ(first, 1.5f);
  EXPECT_EQ(tensors[1].shape, (std::vector<std::int64_t>{1, 3}));
  std::int64_t last = 0;
  std::memcpy(&last, tensors[1].data.data() + 16, sizeof last);
  EXPECT_EQ(last, 7);
}

TEST(InputData, UnnamedTensorsMatchByPosition) {
  test::TempDir dir;
  write_proto(dir.path() / "input_0.pb", float_tensor("", {1}));
  auto tensors = load_input_data(dir.path(), {info("x", engine::ElementType::float32)});
  EXPECT_EQ(tensors[0].name, "x");
}

TEST(InputData, TypeMismatchIsUsageError) {
  test::TempDir dir;
  write_proto(dir.path() / "input_0.pb", int_tensor("x", {1}));
  EXPECT_THROW(load_input_data(dir.path(), {info("x", engine::ElementType::float32)}), UsageError);
}

TEST(InputData, ShapeMismatchIsUsageErrorNamingFileAndInput) {
  struct Case {
    const char* what;
    std::vector<std::int64_t> model_shape;
    const char* expect;
  };
  // The file holds float [3].
  const std::vector<Case> cases = {
      {"fixed dim differs", {4}, "dim 0 cannot be 3"},
      {"rank differs", {1, 3}, "rank 2"},
      {"scalar input", {}, "rank 0"},
  };
  for (const auto& c : cases) {
    test::TempDir dir;
    write_proto(dir.path() / "input_0.pb", float_tensor("x", {1, 2, 3}));
    engine::TensorInfo input = info("x", engine::ElementType::float32);
    input.shape = c.model_shape;
    try {
      load_input_data(dir.path(), {input});
      ADD_FAILURE() << c.what << ": accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(c.expect), std::string::npos) << c.what << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find("input_0.pb"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("input 'x'"), std::string::npos) << e.what();
    }
  }
}

TEST(InputData, FixedDimsThatMatchAreAccepted) {
  test::TempDir dir;
  write_proto(dir.path() / "input_0.pb", int_tensor("ids", {5, 6, 7}));
  auto tensors = load_input_data(dir.path(), {info("ids", engine::ElementType::int64, {1, -1})});
  EXPECT_EQ(tensors[0].shape, (std::vector<std::int64_t>{1, 3}));
}

TEST(InputData, EmptyRawDataOfAnEmptyTensorIsRead) {
  // A zero-element tensor with raw_data set but empty: copying it once passed null to memcpy
  // (UBSan, found by tensor_proto_fuzzer).
  test::TempDir dir;
  write_proto(dir.path() / "input_0.pb", float_tensor("x", {}));
  auto tensors = load_input_data(dir.path(), {info("x", engine::ElementType::float32, {-1})});
  EXPECT_EQ(tensors[0].shape, (std::vector<std::int64_t>{0}));
  EXPECT_TRUE(tensors[0].data.empty());
}

TEST(InputData, HugeDimsOfACorruptFileAreUsageError) {
  test::TempDir dir;
  onnx::TensorProto proto = float_tensor("x", {1, 2});
  proto.clear_dims();
  proto.add_dims(std::int64_t{1} << 40);
  proto.add_dims(std::int64_t{1} << 40);  // the product wraps past 2^64 bytes
  write_proto(dir.path() / "input_0.pb", proto);
  EXPECT_THROW(load_input_data(dir.path(), {info("x", engine::ElementType::float32, {-1, -1})}), UsageError);
}

TEST(InputData, CorruptFileNamesTheFile) {
  test::TempDir dir;
  std::ofstream(dir.path() / "input_0.pb") << "\xff\xff\xff garbage";
  try {
    load_input_data(dir.path(), {info("x", engine::ElementType::float32)});
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("input_0.pb"), std::string::npos) << e.what();
  }
}

TEST(InputData, WrongFileCountAndMissingFolder) {
  test::TempDir dir;
  EXPECT_THROW(load_input_data(dir.path(), {info("x", engine::ElementType::float32)}), UsageError);
  EXPECT_THROW(load_input_data(dir.path() / "nope", {}), UsageError);
}

// The message load_input_data refuses `dir` with; "" when it reads it.
std::string refusal(const std::filesystem::path& dir, const std::vector<engine::TensorInfo>& inputs) {
  try {
    load_input_data(dir, inputs);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

// input_0.pb and input_2.pb for two inputs used to match input_2.pb to the second input by
// position: the file between them is lost or misnamed, and the gap is refused naming it.
TEST(InputData, AGapInTheNumberingNamesTheMissingFile) {
  test::TempDir dir;
  write_proto(dir.path() / "input_0.pb", float_tensor("", {1}));
  write_proto(dir.path() / "input_2.pb", float_tensor("", {2}));
  const std::vector<engine::TensorInfo> two = {info("x", engine::ElementType::float32),
                                               info("y", engine::ElementType::float32)};
  const std::string message = refusal(dir.path(), two);
  EXPECT_NE(message.find("has input_2.pb but no input_1.pb"), std::string::npos) << message;
  EXPECT_NE(message.find("numbered from 0 without a gap"), std::string::npos) << message;
  std::filesystem::remove(dir.path() / "input_0.pb");
  EXPECT_NE(refusal(dir.path(), {info("x", engine::ElementType::float32)}).find("but no input_0.pb"),
            std::string::npos);
}

TEST(InputData, ANumberWithLeadingZerosIsRefused) {
  test::TempDir dir;
  write_proto(dir.path() / "input_0.pb", float_tensor("", {1}));
  write_proto(dir.path() / "input_01.pb", float_tensor("", {2}));
  const std::string message = refusal(dir.path(), {info("x", engine::ElementType::float32)});
  EXPECT_NE(message.find("input_01.pb is not numbered plainly"), std::string::npos) << message;
}

engine::TensorInfo holder(engine::ValueKind kind, engine::TensorInfo element) {
  engine::TensorInfo i;
  i.name = "s";
  i.kind = kind;
  i.type_name = kind == engine::ValueKind::sequence ? "seq(tensor(float))" : "optional(tensor(float))";
  element.name.clear();
  i.contained = {element};
  return i;
}

TEST(InputData, WideUnsignedAndStringTensorsAreRead) {
  test::TempDir dir;
  onnx::TensorProto u64;
  u64.set_name("u");
  u64.set_data_type(onnx::TensorProto::UINT64);
  u64.add_dims(2);
  u64.add_uint64_data(std::uint64_t{1} << 63);
  u64.add_uint64_data(7);
  write_proto(dir.path() / "input_0.pb", u64);
  onnx::TensorProto text;
  text.set_name("t");
  text.set_data_type(onnx::TensorProto::STRING);
  text.add_dims(2);
  text.add_string_data("hello");
  text.add_string_data("");
  write_proto(dir.path() / "input_1.pb", text);
  engine::TensorInfo u = info("u", engine::ElementType::uint64, {-1});
  engine::TensorInfo t = info("t", engine::ElementType::string, {-1});
  auto tensors = load_input_data(dir.path(), {u, t});
  std::uint64_t first = 0;
  std::memcpy(&first, tensors[0].data.data(), sizeof first);
  EXPECT_EQ(first, std::uint64_t{1} << 63);
  EXPECT_EQ(tensors[1].strings, (std::vector<std::string>{"hello", ""}));
}

TEST(InputData, SequencesAndOptionalsAreRead) {
  test::TempDir dir;
  onnx::SequenceProto sequence;
  sequence.set_name("s");
  sequence.set_elem_type(onnx::SequenceProto::TENSOR);
  *sequence.add_tensor_values() = float_tensor("", {1, 2});
  *sequence.add_tensor_values() = float_tensor("", {3});
  write_proto(dir.path() / "input_0.pb", sequence);
  onnx::OptionalProto none;
  none.set_name("o");
  write_proto(dir.path() / "input_1.pb", none);
  auto seq_info = holder(engine::ValueKind::sequence, info("", engine::ElementType::float32));
  auto opt_info = holder(engine::ValueKind::optional, info("", engine::ElementType::float32));
  opt_info.name = "o";
  auto sets = load_data_sets(dir.path(), {seq_info, opt_info}, {}, false);
  const auto& seq = sets.at(0).inputs.at(0);
  ASSERT_EQ(seq.kind, engine::ValueKind::sequence);
  ASSERT_EQ(seq.elements.size(), 2u);
  EXPECT_EQ(seq.elements[1].tensor.shape, (std::vector<std::int64_t>{1}));
  EXPECT_EQ(sets.at(0).inputs.at(1).kind, engine::ValueKind::optional);
  EXPECT_TRUE(sets.at(0).inputs.at(1).elements.empty());  // None
}

TEST(InputData, SequenceElementsInAnotherFieldThanItsTypeAreRefused) {
  // Found by tensor_proto_fuzzer: a TENSOR sequence holding a sequence_values entry read
  // tensor_values(0) past its end.
  test::TempDir dir;
  onnx::SequenceProto sequence;
  sequence.set_elem_type(onnx::SequenceProto::TENSOR);
  sequence.add_sequence_values();
  write_proto(dir.path() / "input_0.pb", sequence);
  auto seq_info = holder(engine::ValueKind::sequence, info("", engine::ElementType::float32));
  try {
    load_data_sets(dir.path(), {seq_info}, {}, false);
    FAIL() << "accepted";
  } catch (const UsageError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("input_0.pb"));
    EXPECT_THAT(e.what(), ::testing::HasSubstr("field other than the one its elem_type names"));
  }
}

TEST(InputData, AnEmptySequenceInputIsAUsageError) {
  // ONNX Runtime's API cannot create an empty sequence: refused as a usage error when read, not
  // as a runtime failure when fed (docs/limits.md).
  test::TempDir dir;
  onnx::SequenceProto empty;
  empty.set_name("s");
  empty.set_elem_type(onnx::SequenceProto::TENSOR);
  write_proto(dir.path() / "input_0.pb", empty);
  const auto seq_info = holder(engine::ValueKind::sequence, info("", engine::ElementType::float32));
  try {
    load_data_sets(dir.path(), {seq_info}, {}, false);
    FAIL() << "accepted an empty sequence input";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("empty sequence"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("input_0.pb"), std::string::npos) << e.what();
  }
}

TEST(InputData, FilesThatAreNotRegularAreRefusedUnread) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "input_0.pb");
  EXPECT_THROW(load_input_data(dir.path(), {info("x", engine::ElementType::float32)}), UsageError);
#ifndef _WIN32
  std::filesystem::remove(dir.path() / "input_0.pb");
  std::filesystem::create_symlink("/dev/zero", dir.path() / "input_0.pb");
  try {
    load_input_data(dir.path(), {info("x", engine::ElementType::float32)});
    FAIL() << "read /dev/zero";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("device, FIFO or socket"), std::string::npos) << e.what();
  }
#endif
}

TEST(InputData, ATestFolderGivesEverySetWithItsOutputs) {
  test::TempDir dir;
  for (int k : {0, 1, 10}) {
    auto set = dir.path() / ("test_data_set_" + std::to_string(k));
    std::filesystem::create_directories(set);
    write_proto(set / "input_0.pb", float_tensor("x", {float(k)}));
    write_proto(set / "output_0.pb", float_tensor("y", {float(k) * 2}));
  }
  std::filesystem::create_directories(dir.path() / "notes");
  auto sets = load_data_sets(dir.path(), {info("x", engine::ElementType::float32)},
                             {info("y", engine::ElementType::float32)}, true);
  ASSERT_EQ(sets.size(), 3u);
  EXPECT_EQ(sets[2].name, "test_data_set_10");  // numeric order, not text order
  ASSERT_EQ(sets[2].outputs.size(), 1u);
  EXPECT_EQ(sets[2].outputs[0].name, "y");
  float doubled = 0;
  std::memcpy(&doubled, sets[2].outputs[0].tensor.data.data(), sizeof doubled);
  EXPECT_EQ(doubled, 20.0f);
}

TEST(InputData, MissingOutputsAreAUsageErrorOnlyWhenAskedFor) {
  test::TempDir dir;
  write_proto(dir.path() / "input_0.pb", float_tensor("x", {1}));
  const std::vector<engine::TensorInfo> in = {info("x", engine::ElementType::float32)};
  const std::vector<engine::TensorInfo> out = {info("y", engine::ElementType::float32)};
  EXPECT_NO_THROW(load_data_sets(dir.path(), in, out, false));
  try {
    load_data_sets(dir.path(), in, out, true);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("0 output_N.pb files"), std::string::npos) << e.what();
  }
}

TEST(InputData, TypeMismatchNamesBothTypesInWords) {
  test::TempDir dir;
  onnx::TensorProto u64;
  u64.set_name("x");
  u64.set_data_type(onnx::TensorProto::UINT64);
  u64.add_dims(1);
  u64.add_uint64_data(1);
  write_proto(dir.path() / "input_0.pb", u64);
  try {
    load_input_data(dir.path(), {info("x", engine::ElementType::float32)});
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("tensor of uint64 but the model takes float"), std::string::npos) << e.what();
  }
}

TEST(InputData, ExternalDataIsReadFromBesideTheFileAndNowhereElse) {
  test::TempDir dir;
  const float values[2] = {4.5f, 5.5f};
  std::ofstream(dir.path() / "x.bin", std::ios::binary).write(reinterpret_cast<const char*>(values), sizeof values);
  onnx::TensorProto proto;
  proto.set_name("x");
  proto.set_data_type(onnx::TensorProto::FLOAT);
  proto.add_dims(2);
  proto.set_data_location(onnx::TensorProto::EXTERNAL);
  auto* location = proto.add_external_data();
  location->set_key("location");
  location->set_value("x.bin");
  write_proto(dir.path() / "input_0.pb", proto);
  auto tensors = load_input_data(dir.path(), {info("x", engine::ElementType::float32)});
  float second = 0;
  std::memcpy(&second, tensors[0].data.data() + 4, sizeof second);
  EXPECT_EQ(second, 5.5f);
  location->set_value("../x.bin");
  write_proto(dir.path() / "input_0.pb", proto);
  EXPECT_THROW(load_input_data(dir.path(), {info("x", engine::ElementType::float32)}), UsageError);
}

}  // namespace
}  // namespace winml::tensor_files
