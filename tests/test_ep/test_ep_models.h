#pragma once
/// \file
/// Small ONNX models for the test EP's tests, written with the ONNX protobuf library.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace winml::test_ep {

/// A dimension: a fixed size or a symbolic name (unknown until run time).
using Dim = std::variant<int64_t, std::string>;

/// Builds a single-graph opset-17 model.
class ModelBuilder {
 public:
  ModelBuilder();
  ~ModelBuilder();
  ModelBuilder(const ModelBuilder&) = delete;
  ModelBuilder& operator=(const ModelBuilder&) = delete;

  /// A graph input of element type `onnx_type` (onnx::TensorProto::DataType; 1 = float).
  ModelBuilder& input(const std::string& name, const std::vector<Dim>& dims, int onnx_type = 1);
  /// A float initializer.
  ModelBuilder& initializer(const std::string& name, const std::vector<int64_t>& dims,
                            const std::vector<float>& values);
  /// A node of the default domain.
  ModelBuilder& node(const std::string& op_type, const std::vector<std::string>& inputs,
                     const std::vector<std::string>& outputs);
  /// A graph output; its shape is left to ORT's inference.
  ModelBuilder& output(const std::string& name, int onnx_type = 1);
  /// Writes the model file.
  void write(const std::filesystem::path& path) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Y = (A @ W + B) * C: A float[batch,2,3] and C float[2,1] are inputs, W [3,4] and B [4]
/// initializers, so both Add and Mul broadcast. A's batch is symbolic: with a static A, ORT's
/// basic optimisations (MatMulAddFusion) turn MatMul+Add into a Gemm before any EP sees them.
void write_chain_model(const std::filesystem::path& path);

/// Y = Relu(X), X float[2,3]: nothing the test EP supports.
void write_relu_model(const std::filesystem::path& path);

}  // namespace winml::test_ep
