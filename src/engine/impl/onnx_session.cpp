#include "engine/impl/onnx_session.h"

#include <string>
#include <vector>

#include "engine/impl/error_translation.h"
#include "engine/impl/load_errors.h"
#include "engine/impl/ort_environment.h"

namespace winml::engine::impl {
namespace {

struct TypeMapping {
  ONNXTensorElementDataType ort;
  ElementType ours;
  const char* name;
};

constexpr TypeMapping kTypes[] = {
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, ElementType::float32, "float"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT16, ElementType::float16, "float16"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_DOUBLE, ElementType::float64, "double"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_INT8, ElementType::int8, "int8"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT8, ElementType::uint8, "uint8"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_INT16, ElementType::int16, "int16"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_UINT16, ElementType::uint16, "uint16"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_INT32, ElementType::int32, "int32"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_INT64, ElementType::int64, "int64"},
    {ONNX_TENSOR_ELEMENT_DATA_TYPE_BOOL, ElementType::boolean, "bool"},
};

TensorInfo describe(const std::string& name, const Ort::TypeInfo& type_info) {
  TensorInfo info;
  info.name = name;
  if (type_info.GetONNXType() != ONNX_TYPE_TENSOR) {
    info.type_name = "non-tensor";
    return info;
  }
  auto tensor = type_info.GetTensorTypeAndShapeInfo();
  info.type_name = "unsupported";
  for (const auto& mapping : kTypes) {
    if (mapping.ort == tensor.GetElementType()) {
      info.type = mapping.ours;
      info.type_name = mapping.name;
    }
  }
  info.shape = tensor.GetShape();
  for (const char* dim : tensor.GetSymbolicDimensions()) info.dim_names.emplace_back(dim == nullptr ? "" : dim);
  info.dim_names.resize(info.shape.size());
  return info;
}

ONNXTensorElementDataType to_ort(ElementType type) {
  for (const auto& mapping : kTypes) {
    if (mapping.ours == type) return mapping.ort;
  }
  throw SessionError("unsupported input element type");
}

class OrtOnnxSession final : public OnnxSession {
 public:
  explicit OrtOnnxSession(const SessionSpec& spec)
      : session_(ort_env(), spec.model_path.c_str(), make_session_options(spec.providers, spec.intra_op_threads)) {
    Ort::AllocatorWithDefaultOptions allocator;
    for (std::size_t i = 0; i < session_.GetInputCount(); ++i) {
      inputs_.push_back(describe(session_.GetInputNameAllocated(i, allocator).get(), session_.GetInputTypeInfo(i)));
    }
    for (std::size_t i = 0; i < session_.GetOutputCount(); ++i) {
      outputs_.push_back(describe(session_.GetOutputNameAllocated(i, allocator).get(), session_.GetOutputTypeInfo(i)));
    }
    for (const auto& output : outputs_) output_names_.push_back(output.name.c_str());
  }

  std::vector<TensorInfo> inputs() override { return inputs_; }
  std::vector<TensorInfo> outputs() override { return outputs_; }

  void bind_inputs(const std::vector<HostTensor>& tensors) override {
    bound_ = tensors;  // owns the bytes the Ort::Values point at
    values_.clear();
    input_names_.clear();
    auto memory = Ort::MemoryInfo::CreateCpu(OrtArenaAllocator, OrtMemTypeDefault);
    for (auto& tensor : bound_) {
      values_.push_back(translate_errors<SessionError>("cannot create input tensor " + tensor.name, [&] {
        return Ort::Value::CreateTensor(memory, tensor.data.data(), tensor.data.size(), tensor.shape.data(),
                                        tensor.shape.size(), to_ort(tensor.type));
      }));
      input_names_.push_back(tensor.name.c_str());
    }
  }

  void run() override {
    translate_errors<SessionError>("ONNX Runtime Run failed", [&] {
      session_.Run(run_options_, input_names_.data(), values_.data(), values_.size(), output_names_.data(),
                   output_names_.size());
    });
  }

 private:
  Ort::Session session_;
  Ort::RunOptions run_options_;
  std::vector<TensorInfo> inputs_;
  std::vector<TensorInfo> outputs_;
  std::vector<HostTensor> bound_;
  std::vector<Ort::Value> values_;
  std::vector<const char*> input_names_;
  std::vector<const char*> output_names_;
};

}  // namespace

std::unique_ptr<OnnxSession> create_onnx_session(const SessionSpec& spec) {
  try {
    return std::make_unique<OrtOnnxSession>(spec);
  } catch (const winml::Error&) {
    throw;
  } catch (const std::exception& e) {
    throw GenaiLoadError(explain_onnx_load_failure(spec.model_path, e.what()));
  }
}

}  // namespace winml::engine::impl
