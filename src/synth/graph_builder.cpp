#include "synth/graph_builder.h"

namespace winml::synth {
namespace {

void fill_value_info(onnx::ValueInfoProto& info, const std::string& name, onnx::TensorProto_DataType type,
                     const std::vector<Dim>& dims) {
  info.set_name(name);
  auto* tensor = info.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(type);
  auto* shape = tensor->mutable_shape();
  for (const auto& dim : dims) {
    auto* d = shape->add_dim();
    if (const auto* value = std::get_if<std::int64_t>(&dim)) {
      d->set_dim_value(*value);
    } else {
      d->set_dim_param(std::get<std::string>(dim));
    }
  }
}

}  // namespace

onnx::NodeProto& GraphBuilder::node(const std::string& name, const std::string& op_type,
                                    const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                                    const std::string& domain) {
  auto* node = graph_.add_node();
  node->set_name(name);
  node->set_op_type(op_type);
  if (!domain.empty()) node->set_domain(domain);
  for (const auto& in : inputs) node->add_input(in);
  for (const auto& out : outputs) node->add_output(out);
  return *node;
}

void GraphBuilder::input(const std::string& name, onnx::TensorProto_DataType type, const std::vector<Dim>& dims) {
  fill_value_info(*graph_.add_input(), name, type, dims);
}

void GraphBuilder::output(const std::string& name, onnx::TensorProto_DataType type, const std::vector<Dim>& dims) {
  fill_value_info(*graph_.add_output(), name, type, dims);
}

std::string GraphBuilder::initializer(const std::string& name, const std::vector<std::int64_t>& dims,
                                      const std::vector<float>& values) {
  *graph_.add_initializer() = store_.add(name, dims, values);
  return name;
}

std::string GraphBuilder::initializer(const std::string& name, onnx::TensorProto_DataType type,
                                      const std::vector<std::int64_t>& dims, const void* bytes, std::size_t size) {
  *graph_.add_initializer() = store_.add(name, type, dims, bytes, size);
  return name;
}

std::string GraphBuilder::int64_initializer(const std::string& name, const std::vector<std::int64_t>& dims,
                                            const std::vector<std::int64_t>& values) {
  return initializer(name, onnx::TensorProto_DataType_INT64, dims, values.data(), values.size() * sizeof(std::int64_t));
}

void set_attribute(onnx::NodeProto& node, const std::string& name, std::int64_t value) {
  auto* attr = node.add_attribute();
  attr->set_name(name);
  attr->set_type(onnx::AttributeProto_AttributeType_INT);
  attr->set_i(value);
}

void set_attribute(onnx::NodeProto& node, const std::string& name, float value) {
  auto* attr = node.add_attribute();
  attr->set_name(name);
  attr->set_type(onnx::AttributeProto_AttributeType_FLOAT);
  attr->set_f(value);
}

}  // namespace winml::synth
