#pragma once
/// \file
/// The facts of an ONNX model that say how many bytes a run reads and how many multiply-accumulates
/// it does: every initializer's name, element type and shape, every node's operator, inputs and
/// integer attributes, and the graph inputs' element types and output names. Read field by field from the protobuf
/// wire format (onnx_wire/onnx_wire.h): tensor payloads, embedded or in external data files, are
/// seeked over and never read, so a 2 GB model costs a few thousand small reads.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace winml::roofline {

/// One initializer: what its TensorProto header says.
struct InitializerFact {
  std::string name;
  std::int32_t data_type = 0;      ///< onnx.TensorProto.DataType
  std::vector<std::int64_t> dims;  ///< empty for a scalar
};

/// One node, from the main graph or from a subgraph of a node's attribute.
struct NodeFact {
  std::string op_type;
  std::string domain;                                  ///< "" for the default ONNX domain
  std::vector<std::string> inputs;                     ///< in order; "" for an omitted optional input
  std::map<std::string, std::int64_t> int_attributes;  ///< attributes of type INT, by name
  std::vector<std::string> outputs;                    ///< in order; "" for an omitted optional output
  bool in_subgraph = false;                            ///< read from a subgraph of a node's attribute
};

/// One graph input and its tensor element type (0 when it is not a tensor or not stated).
struct GraphInputFact {
  std::string name;
  std::int32_t elem_type = 0;
};

/// The facts of one model. Subgraphs (If, Loop, Scan bodies) are flattened into the lists: their
/// initializers are weights like any other, and their nodes are further uses of the outer names.
struct OnnxGraphFacts {
  std::vector<InitializerFact> initializers;
  std::vector<NodeFact> nodes;
  std::vector<GraphInputFact> inputs;  ///< the main graph's inputs only
  std::vector<std::string> outputs;    ///< the main graph's output names, in order
};

/// Reads the facts of the ONNX file at `path`. Throws winml::Error (runtime) naming the file when
/// it cannot be read or is not a well-formed ModelProto with a graph.
OnnxGraphFacts read_onnx_graph_facts(const std::filesystem::path& path);

}  // namespace winml::roofline
