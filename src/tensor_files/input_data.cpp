#include "tensor_files/input_data.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <regex>

#include "generated_inputs/input_shapes.h"
#include "generated_inputs/random_inputs.h"
#include "winml/errors.h"

namespace winml::tensor_files {
namespace {

namespace fs = std::filesystem;
using engine::ElementType;

std::optional<ElementType> element_type(int onnx_type) {
  switch (onnx_type) {
    case onnx::TensorProto::FLOAT:
      return ElementType::float32;
    case onnx::TensorProto::FLOAT16:
      return ElementType::float16;
    case onnx::TensorProto::DOUBLE:
      return ElementType::float64;
    case onnx::TensorProto::INT8:
      return ElementType::int8;
    case onnx::TensorProto::UINT8:
      return ElementType::uint8;
    case onnx::TensorProto::INT16:
      return ElementType::int16;
    case onnx::TensorProto::UINT16:
      return ElementType::uint16;
    case onnx::TensorProto::INT32:
      return ElementType::int32;
    case onnx::TensorProto::INT64:
      return ElementType::int64;
    case onnx::TensorProto::BOOL:
      return ElementType::boolean;
    default:
      return std::nullopt;
  }
}

template <class Out, class Field>
void narrow_into(std::vector<std::byte>& data, const Field& field) {
  data.resize(static_cast<std::size_t>(field.size()) * sizeof(Out));
  for (int i = 0; i < field.size(); ++i) {
    Out value = static_cast<Out>(field.Get(i));
    std::memcpy(data.data() + static_cast<std::size_t>(i) * sizeof(Out), &value, sizeof(Out));
  }
}

// Copies a TensorProto's elements, from raw_data or the typed field the ONNX spec assigns.
std::vector<std::byte> tensor_bytes(const onnx::TensorProto& proto, ElementType type) {
  std::vector<std::byte> data;
  if (proto.has_raw_data()) {
    const auto& raw = proto.raw_data();
    data.resize(raw.size());
    // An empty vector's data() may be null, and memcpy from or to null is undefined even for 0
    // bytes (found by tensor_proto_fuzzer: a TensorProto with an empty raw_data).
    if (!raw.empty()) std::memcpy(data.data(), raw.data(), raw.size());
    return data;
  }
  switch (type) {
    case ElementType::float32:
      narrow_into<float>(data, proto.float_data());
      break;
    case ElementType::float64:
      narrow_into<double>(data, proto.double_data());
      break;
    case ElementType::int64:
      narrow_into<std::int64_t>(data, proto.int64_data());
      break;
    case ElementType::int32:
      narrow_into<std::int32_t>(data, proto.int32_data());
      break;
    case ElementType::int16:
      narrow_into<std::int16_t>(data, proto.int32_data());
      break;
    case ElementType::uint16:
    case ElementType::float16:
      narrow_into<std::uint16_t>(data, proto.int32_data());
      break;
    default:
      narrow_into<std::uint8_t>(data, proto.int32_data());
  }
  return data;
}

std::vector<fs::path> input_files(const fs::path& dir) {
  static const std::regex pattern(R"(input_(\d+)\.pb)");
  std::map<int, fs::path> by_index;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::smatch match;
    std::string name = entry.path().filename().string();
    if (std::regex_match(name, match, pattern)) by_index[std::stoi(match[1])] = entry.path();
  }
  std::vector<fs::path> files;
  files.reserve(by_index.size());
  for (auto& [index, path] : by_index) files.push_back(path);
  return files;
}

}  // namespace

std::vector<engine::HostTensor> load_input_data(const fs::path& dir, const std::vector<engine::TensorInfo>& inputs) {
  if (!fs::is_directory(dir)) {
    throw UsageError("--input-data " + dir.string() + " is not a folder. Give a folder of input_0.pb, input_1.pb, ...");
  }
  auto files = input_files(dir);
  if (files.size() != inputs.size()) {
    throw UsageError("--input-data " + dir.string() + " has " + std::to_string(files.size()) +
                     " input_N.pb files but the model has " + std::to_string(inputs.size()) +
                     " inputs. Provide exactly one file per input.");
  }
  std::vector<std::optional<engine::HostTensor>> matched(inputs.size());
  for (std::size_t position = 0; position < files.size(); ++position) {
    const fs::path& file = files[position];
    std::ifstream in(file, std::ios::binary);
    onnx::TensorProto proto;
    if (!in || !proto.ParseFromIstream(&in)) {
      throw UsageError(file.string() + " is not a serialized ONNX TensorProto. Regenerate it with onnx.numpy_helper.");
    }
    auto by_name = std::find_if(inputs.begin(), inputs.end(), [&](const auto& i) { return i.name == proto.name(); });
    std::size_t index = by_name != inputs.end() ? static_cast<std::size_t>(by_name - inputs.begin()) : position;
    const auto& input = inputs[index];
    auto type = element_type(proto.data_type());
    if (!type || *type != input.type) {
      throw UsageError(file.string() + " holds a tensor of ONNX type " + std::to_string(proto.data_type()) +
                       " but input '" + input.name + "' is " + input.type_name + ".");
    }
    if (matched[index]) throw UsageError(file.string() + ": input '" + input.name + "' is given twice.");
    engine::HostTensor tensor{
        input.name, *type, {proto.dims().begin(), proto.dims().end()}, tensor_bytes(proto, *type)};
    generated_inputs::require_shape_fits(input, tensor.shape, file.string());
    // Multiplied against the bytes present, so the huge dims of a corrupt file cannot overflow.
    const std::uint64_t present = tensor.data.size();
    std::uint64_t expected = generated_inputs::element_size(*type);
    for (auto dim : tensor.shape) {
      const auto size = static_cast<std::uint64_t>(dim);
      expected = size == 0 || expected <= present / size ? expected * size : present + 1;
    }
    if (expected != present) {
      throw UsageError(file.string() + ": the data size does not match the dims; the file is corrupt.");
    }
    matched[index] = std::move(tensor);
  }
  std::vector<engine::HostTensor> tensors;
  for (std::size_t i = 0; i < matched.size(); ++i) {
    if (!matched[i]) throw UsageError("--input-data gives no tensor for input '" + inputs[i].name + "'.");
    tensors.push_back(std::move(*matched[i]));
  }
  return tensors;
}

}  // namespace winml::tensor_files
