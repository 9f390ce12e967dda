#include "engine/impl/ort_values.h"

#include <cstring>
#include <vector>

#include "engine/element_types.h"
#include "winml/errors.h"

namespace winml::engine::impl {
namespace {

// "tensor(float)" inside a sequence or optional; a top-level tensor is named by its element type alone.
std::string nested_name(const TensorInfo& info) {
  return info.kind == ValueKind::tensor ? "tensor(" + info.type_name + ")" : info.type_name;
}

Ort::MemoryInfo cpu_memory() { return Ort::MemoryInfo::CreateCpu(OrtArenaAllocator, OrtMemTypeDefault); }

Ort::Value to_ort_tensor(const std::string& name, const HostTensor& tensor) {
  const auto ort_type = static_cast<ONNXTensorElementDataType>(onnx_code(tensor.type));
  if (ort_type == ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED) {
    throw SessionError("input '" + name + "': ONNX Runtime has no tensor of this element type.");
  }
  Ort::AllocatorWithDefaultOptions allocator;
  if (tensor.type == ElementType::string) {
    auto value = Ort::Value::CreateTensor(allocator, tensor.shape.data(), tensor.shape.size(), ort_type);
    std::vector<const char*> texts;
    texts.reserve(tensor.strings.size());
    for (const auto& text : tensor.strings) texts.push_back(text.c_str());
    value.FillStringTensor(texts.data(), texts.size());
    return value;
  }
  // An empty tensor's bytes may be a null pointer, which CreateTensor refuses: let ONNX Runtime own it.
  if (tensor.data.empty())
    return Ort::Value::CreateTensor(allocator, tensor.shape.data(), tensor.shape.size(), ort_type);
  auto* bytes = const_cast<std::byte*>(tensor.data.data());  // ONNX Runtime only reads inputs
  return Ort::Value::CreateTensor(cpu_memory(), bytes, tensor.data.size(), tensor.shape.data(), tensor.shape.size(),
                                  ort_type);
}

HostTensor to_host_tensor(const std::string& name, const Ort::ConstValue& value) {
  auto shape_info = value.GetTensorTypeAndShapeInfo();
  const int code = static_cast<int>(shape_info.GetElementType());
  auto type = element_type_from_onnx(code);
  if (!type) {
    throw SessionError("output '" + name + "' is a tensor of " + onnx_type_name(code) +
                       ", which winml cannot read back to validate it.");
  }
  HostTensor tensor{name, *type, shape_info.GetShape(), {}, {}};
  const std::size_t count = shape_info.GetElementCount();
  if (*type == ElementType::string) {
    tensor.strings.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      std::string text(value.GetStringTensorElementLength(i), '\0');
      if (!text.empty()) value.GetStringTensorElement(text.size(), i, text.data());
      tensor.strings.push_back(std::move(text));
    }
    return tensor;
  }
  tensor.data.resize(tensor_byte_size(*type, count));
  if (!tensor.data.empty()) std::memcpy(tensor.data.data(), value.GetTensorRawData(), tensor.data.size());
  return tensor;
}

}  // namespace

TensorInfo describe(const std::string& name, const Ort::ConstTypeInfo& type_info) {
  TensorInfo info;
  info.name = name;
  switch (type_info.GetONNXType()) {
    case ONNX_TYPE_TENSOR: {
      auto tensor = type_info.GetTensorTypeAndShapeInfo();
      const int code = static_cast<int>(tensor.GetElementType());
      info.type = element_type_from_onnx(code).value_or(ElementType::other);
      info.type_name = onnx_type_name(code);
      info.shape = tensor.GetShape();
      for (const char* dim : tensor.GetSymbolicDimensions()) info.dim_names.emplace_back(dim == nullptr ? "" : dim);
      info.dim_names.resize(info.shape.size());
      return info;
    }
    case ONNX_TYPE_SEQUENCE:
      info.kind = ValueKind::sequence;
      info.contained.push_back(describe("", type_info.GetSequenceTypeInfo().GetSequenceElementType().GetConst()));
      info.type_name = "seq(" + nested_name(info.contained.front()) + ")";
      return info;
    case ONNX_TYPE_OPTIONAL:
      info.kind = ValueKind::optional;
      info.contained.push_back(describe("", type_info.GetOptionalTypeInfo().GetOptionalElementType().GetConst()));
      info.type_name = "optional(" + nested_name(info.contained.front()) + ")";
      return info;
    case ONNX_TYPE_MAP:
      info.kind = ValueKind::other;
      info.type_name = "map";
      return info;
    case ONNX_TYPE_SPARSETENSOR:
      info.kind = ValueKind::other;
      info.type_name = "sparse_tensor";
      return info;
    default:
      info.kind = ValueKind::other;
      info.type_name = "opaque";
      return info;
  }
}

Ort::Value to_ort_value(const HostValue& value) {
  switch (value.kind) {
    case ValueKind::tensor:
      return to_ort_tensor(value.name, value.tensor);
    case ValueKind::sequence: {
      if (value.elements.empty()) {
        throw SessionError("input '" + value.name +
                           "' is an empty sequence, which ONNX Runtime's API cannot create (a sequence needs at least "
                           "one element). Give a sequence of at least one tensor.");
      }
      std::vector<Ort::Value> elements;
      elements.reserve(value.elements.size());
      for (const auto& element : value.elements) elements.push_back(to_ort_value(element));
      return Ort::Value::CreateSequence(elements);
    }
    case ValueKind::optional:
      // ONNX Runtime takes an optional input's contained value itself; None is fed by leaving the input out.
      if (value.elements.empty()) throw SessionError("input '" + value.name + "' is None: leave it out of the feed.");
      return to_ort_value(value.elements.front());
    case ValueKind::other:
      break;
  }
  throw SessionError("input '" + value.name + "' is of a kind ONNX Runtime's API cannot feed.");
}

HostValue to_host_value(const Ort::Value& value, const TensorInfo& info) {
  HostValue host;
  host.name = info.name;
  if (info.kind == ValueKind::optional) {
    host.kind = ValueKind::optional;
    if (value.HasValue()) host.elements.push_back(to_host_value(value, info.contained.front()));
    return host;
  }
  if (value.IsTensor()) {
    host.tensor = to_host_tensor(info.name, value.GetConst());
    return host;
  }
  if (value.GetTypeInfo().GetONNXType() == ONNX_TYPE_SEQUENCE) {
    host.kind = ValueKind::sequence;
    TensorInfo element_info;
    if (!info.contained.empty()) element_info = info.contained.front();
    Ort::AllocatorWithDefaultOptions allocator;
    for (std::size_t i = 0; i < value.GetCount(); ++i) {
      TensorInfo named = element_info;
      named.name = info.name;
      host.elements.push_back(to_host_value(value.GetValue(static_cast<int>(i), allocator), named));
    }
    return host;
  }
  throw SessionError("output '" + info.name + "' is a " + info.type_name +
                     ", which winml cannot read back to validate it.");
}

}  // namespace winml::engine::impl
