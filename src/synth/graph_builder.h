#pragma once
/// \file
/// A thin helper over onnx::GraphProto: nodes with attributes, graph inputs/outputs with symbolic
/// dimensions, and initializers routed through a TensorStore.

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "synth/tensor_store.h"

namespace winml::synth {

/// A tensor dimension: a fixed size or a symbolic name such as "batch_size".
using Dim = std::variant<std::int64_t, std::string>;

/// The ONNX operator-set domain of ONNX Runtime's contrib operators.
inline constexpr const char* kMsDomain = "com.microsoft";

/// Appends to one graph. Node names derive from the first output so ONNX Runtime's messages and
/// profiles point at recognisable places ("/model/layers.0/attn/GroupQueryAttention").
class GraphBuilder {
 public:
  /// Builds into `graph`, storing initializer bytes through `store`.
  GraphBuilder(onnx::GraphProto& graph, TensorStore& store) : graph_(graph), store_(store) {}

  /// Adds a node named `name`. Empty strings in `outputs` skip optional outputs.
  onnx::NodeProto& node(const std::string& name, const std::string& op_type, const std::vector<std::string>& inputs,
                        const std::vector<std::string>& outputs, const std::string& domain = "");

  /// Declares a graph input.
  void input(const std::string& name, onnx::TensorProto_DataType type, const std::vector<Dim>& dims);
  /// Declares a graph output.
  void output(const std::string& name, onnx::TensorProto_DataType type, const std::vector<Dim>& dims);

  /// Adds a float initializer and returns its name.
  std::string initializer(const std::string& name, const std::vector<std::int64_t>& dims,
                          const std::vector<float>& values);
  /// Adds an initializer of any type from raw little-endian bytes and returns its name.
  std::string initializer(const std::string& name, onnx::TensorProto_DataType type,
                          const std::vector<std::int64_t>& dims, const void* bytes, std::size_t size);
  /// Adds an int64 initializer (shape constants, axes, indices) and returns its name.
  std::string int64_initializer(const std::string& name, const std::vector<std::int64_t>& dims,
                                const std::vector<std::int64_t>& values);

 private:
  onnx::GraphProto& graph_;  ///< the graph appended to
  TensorStore& store_;       ///< where initializer bytes go
};

/// Sets an integer attribute.
void set_attribute(onnx::NodeProto& node, const std::string& name, std::int64_t value);
/// Sets a float attribute.
void set_attribute(onnx::NodeProto& node, const std::string& name, float value);

}  // namespace winml::synth
