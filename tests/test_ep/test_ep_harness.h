#pragma once
/// \file
/// Running the test EP through ONNX Runtime in tests: one process-wide Ort::Env, the library
/// registered per test (so the env vars the factory reads at registration take effect), sessions
/// on a chosen EP device, and the counters file.

#include <onnxruntime_cxx_api.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace winml::test_ep {

/// The EP's name (only the test EP's own tests may spell it).
inline constexpr const char* kTestEpName = "WinmlTestEP";

/// The process's Ort::Env.
Ort::Env& ort_env();

/// Sets (or, with nullopt, unsets) an environment variable for the scope.
class ScopedEnvVar {
 public:
  ScopedEnvVar(std::string name, const std::optional<std::string>& value);
  ~ScopedEnvVar();
  ScopedEnvVar(const ScopedEnvVar&) = delete;
  ScopedEnvVar& operator=(const ScopedEnvVar&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

/// The library registered with ort_env() for the scope. Sessions must end before it does.
class RegisteredTestEp {
 public:
  RegisteredTestEp();
  ~RegisteredTestEp();
  RegisteredTestEp(const RegisteredTestEp&) = delete;
  RegisteredTestEp& operator=(const RegisteredTestEp&) = delete;
};

/// The test EP's devices as GetEpDevices lists them.
std::vector<Ort::ConstEpDevice> test_ep_devices();

/// Session options for the test EP on the device of `type`, or for ORT's CPU EP alone (nullopt).
Ort::SessionOptions session_options(std::optional<OrtHardwareDeviceType> type);

/// A tensor fed to or read from a session; int32 tensors travel as floats here.
struct Tensor {
  std::string name;
  std::vector<int64_t> shape;
  std::vector<float> data;
  bool int32 = false;
};

/// Runs a session `runs` times on `inputs` and returns its first output from the last run.
Tensor run(Ort::Session& session, const std::vector<Tensor>& inputs, int runs = 1);

/// Creates a session for `model` and runs it (see above).
Tensor run_model(const std::filesystem::path& model, std::optional<OrtHardwareDeviceType> type,
                 const std::vector<Tensor>& inputs, int runs = 1);

/// Compiles `input` to an EPContext model at `output` with the test EP on the device of `type`.
/// Throws std::runtime_error with ORT's message on failure.
void compile_model(const std::filesystem::path& input, const std::filesystem::path& output, bool embed,
                   OrtHardwareDeviceType type = OrtHardwareDeviceType_NPU);

/// Deterministic test values.
std::vector<float> sample_values(std::size_t count, float scale = 0.5f);

/// The JSON lines of a counters file.
std::vector<nlohmann::json> read_counters(const std::filesystem::path& file);

/// The inputs of write_chain_model.
std::vector<Tensor> chain_inputs();

}  // namespace winml::test_ep
