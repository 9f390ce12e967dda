#include "tensor_files/input_data.h"

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <cstring>
#include <fstream>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::tensor_files {
namespace {

// A model input; dims -1 are dynamic. By default: float [?] or int64 [?, ?], as the tensors below.
engine::TensorInfo info(std::string name, engine::ElementType type, std::vector<std::int64_t> shape = {}) {
  engine::TensorInfo i;
  i.name = std::move(name);
  i.type = type;
  i.type_name = type == engine::ElementType::float32 ? "float" : "int64";
  if (shape.empty())
    shape = type == engine::ElementType::float32 ? std::vector<std::int64_t>{-1} : std::vector<std::int64_t>{-1, -1};
  i.shape = std::move(shape);
  return i;
}

void write_proto(const std::filesystem::path& path, const onnx::TensorProto& proto) {
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

}  // namespace
}  // namespace winml::tensor_files
