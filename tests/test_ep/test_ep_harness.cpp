#include "test_ep/test_ep_harness.h"

#include <stdlib.h>

#include <fstream>
#include <stdexcept>

namespace winml::test_ep {
namespace {

constexpr const char* kRegistration = "winml_test_ep";

std::size_t count_of(const std::vector<int64_t>& shape) {
  std::size_t count = 1;
  for (int64_t dim : shape) count *= static_cast<std::size_t>(dim);
  return count;
}

}  // namespace

Ort::Env& ort_env() {
  static Ort::Env env(ORT_LOGGING_LEVEL_ERROR, "test_ep_tests");
  return env;
}

ScopedEnvVar::ScopedEnvVar(std::string name, const std::optional<std::string>& value) : name_(std::move(name)) {
  if (const char* old = ::getenv(name_.c_str())) old_ = old;
  if (value) {
    ::setenv(name_.c_str(), value->c_str(), 1);
  } else {
    ::unsetenv(name_.c_str());
  }
}

ScopedEnvVar::~ScopedEnvVar() {
  if (old_) {
    ::setenv(name_.c_str(), old_->c_str(), 1);
  } else {
    ::unsetenv(name_.c_str());
  }
}

RegisteredTestEp::RegisteredTestEp() { ort_env().RegisterExecutionProviderLibrary(kRegistration, WINML_TEST_EP_LIB); }

RegisteredTestEp::~RegisteredTestEp() { ort_env().UnregisterExecutionProviderLibrary(kRegistration); }

std::vector<Ort::ConstEpDevice> test_ep_devices() {
  std::vector<Ort::ConstEpDevice> devices;
  for (const auto& device : ort_env().GetEpDevices()) {
    if (std::string(device.EpName()) == kTestEpName) devices.push_back(device);
  }
  return devices;
}

Ort::SessionOptions session_options(std::optional<OrtHardwareDeviceType> type) {
  Ort::SessionOptions options;
  options.SetIntraOpNumThreads(1);
  if (!type) return options;
  for (const auto& device : test_ep_devices()) {
    if (device.Device().Type() == *type) {
      options.AppendExecutionProvider_V2(ort_env(), {device}, std::unordered_map<std::string, std::string>{});
      return options;
    }
  }
  throw std::runtime_error("the test EP offers no device of type " + std::to_string(*type));
}

Tensor run(Ort::Session& session, const std::vector<Tensor>& inputs, int runs) {
  Ort::MemoryInfo memory = Ort::MemoryInfo::CreateCpu(OrtArenaAllocator, OrtMemTypeDefault);
  std::vector<std::vector<int32_t>> int_buffers;
  std::vector<Ort::Value> values;
  std::vector<const char*> names;
  for (const Tensor& input : inputs) {
    names.push_back(input.name.c_str());
    if (input.int32) {
      int_buffers.emplace_back(input.data.begin(), input.data.end());
      values.push_back(Ort::Value::CreateTensor<int32_t>(memory, int_buffers.back().data(), int_buffers.back().size(),
                                                         input.shape.data(), input.shape.size()));
    } else {
      values.push_back(Ort::Value::CreateTensor<float>(memory, const_cast<float*>(input.data.data()), input.data.size(),
                                                       input.shape.data(), input.shape.size()));
    }
  }
  Ort::AllocatorWithDefaultOptions allocator;
  const std::string output_name = session.GetOutputNameAllocated(0, allocator).get();
  const char* output_names[] = {output_name.c_str()};
  std::vector<Ort::Value> outputs;
  for (int i = 0; i < runs; ++i) {
    outputs = session.Run(Ort::RunOptions{nullptr}, names.data(), values.data(), values.size(), output_names, 1);
  }
  auto info = outputs[0].GetTensorTypeAndShapeInfo();
  Tensor result{output_name, info.GetShape(), {}, info.GetElementType() == ONNX_TENSOR_ELEMENT_DATA_TYPE_INT32};
  const std::size_t count = count_of(result.shape);
  if (result.int32) {
    const int32_t* data = outputs[0].GetTensorData<int32_t>();
    result.data.assign(data, data + count);
  } else {
    const float* data = outputs[0].GetTensorData<float>();
    result.data.assign(data, data + count);
  }
  return result;
}

Tensor run_model(const std::filesystem::path& model, std::optional<OrtHardwareDeviceType> type,
                 const std::vector<Tensor>& inputs, int runs) {
  Ort::Session session(ort_env(), model.c_str(), session_options(type));
  return run(session, inputs, runs);
}

void compile_model(const std::filesystem::path& input, const std::filesystem::path& output, bool embed,
                   OrtHardwareDeviceType type) {
  Ort::SessionOptions options = session_options(type);
  Ort::ModelCompilationOptions compile(ort_env(), options);
  compile.SetInputModelPath(input.c_str());
  compile.SetOutputModelPath(output.c_str());
  compile.SetEpContextEmbedMode(embed);
  Ort::Status status = Ort::CompileModel(ort_env(), compile);
  if (!status.IsOK()) throw std::runtime_error(status.GetErrorMessage());
}

std::vector<float> sample_values(std::size_t count, float scale) {
  std::vector<float> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = scale * static_cast<float>(static_cast<int>(i % 7) - 3);
  return values;
}

std::vector<nlohmann::json> read_counters(const std::filesystem::path& file) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

std::vector<Tensor> chain_inputs() { return {{"A", {2, 2, 3}, sample_values(12)}, {"C", {2, 1}, {2.0f, -0.5f}}}; }

}  // namespace winml::test_ep
