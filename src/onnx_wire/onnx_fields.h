#pragma once
/// \file
/// The field numbers of onnx.proto that winml's wire readers look at, in one place: the compile
/// scan (compile/onnx_scan.cpp) and the roofline's graph facts (roofline/onnx_graph_facts.cpp)
/// read the same messages. The numbers are part of ONNX's wire compatibility and never change.

#include <cstdint>

namespace winml::onnx_wire {

/// ModelProto.
namespace model_field {
inline constexpr std::uint32_t ir_version = 1, producer_name = 2, producer_version = 3, domain = 4, doc_string = 6,
                               graph = 7, opset_import = 8, metadata_props = 14, training_info = 20, functions = 25,
                               configuration = 26;
}
/// GraphProto.
namespace graph_field {
inline constexpr std::uint32_t node = 1, initializer = 5, input = 11, output = 12;
}
/// NodeProto.
namespace node_field {
inline constexpr std::uint32_t input = 1, output = 2, name = 3, op_type = 4, attribute = 5, domain = 7;
}
/// AttributeProto.
namespace attribute_field {
inline constexpr std::uint32_t name = 1, i = 3, s = 4, g = 6, graphs = 11, type = 20;
}
/// TensorProto.
namespace tensor_field {
inline constexpr std::uint32_t dims = 1, data_type = 2, name = 8, external_data = 13;
}
/// ValueInfoProto.
namespace value_info_field {
inline constexpr std::uint32_t name = 1, type = 2;
}
/// TypeProto.
namespace type_field {
inline constexpr std::uint32_t tensor_type = 1;
}
/// TypeProto.Tensor.
namespace tensor_type_field {
inline constexpr std::uint32_t elem_type = 1;
}
/// StringStringEntryProto (metadata_props, external_data).
namespace entry_field {
inline constexpr std::uint32_t key = 1, value = 2;
}

/// AttributeProto.AttributeType.INT.
inline constexpr std::uint64_t kIntAttributeType = 2;

/// ModelProto fields that are messages or strings (length-delimited on the wire): a scan that
/// finds another wire type on one of them is reading a corrupt file.
constexpr bool model_field_is_bytes(std::uint32_t n) {
  using namespace model_field;
  return n == producer_name || n == producer_version || n == domain || n == doc_string || n == graph ||
         n == opset_import || n == metadata_props || n == training_info || n == functions || n == configuration;
}

}  // namespace winml::onnx_wire
