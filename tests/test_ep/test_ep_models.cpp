#include "test_ep/test_ep_models.h"

#include <fstream>
#include <stdexcept>

#include <onnx/onnx_pb.h>

namespace winml::test_ep {

struct ModelBuilder::Impl {
  onnx::ModelProto model;
};

ModelBuilder::ModelBuilder() : impl_(std::make_unique<Impl>()) {
  impl_->model.set_ir_version(8);
  impl_->model.set_producer_name("winml-tests");
  impl_->model.add_opset_import()->set_version(17);
  impl_->model.mutable_graph()->set_name("test_ep");
}

ModelBuilder::~ModelBuilder() = default;

ModelBuilder& ModelBuilder::input(const std::string& name, const std::vector<Dim>& dims, int onnx_type) {
  auto* info = impl_->model.mutable_graph()->add_input();
  info->set_name(name);
  auto* tensor = info->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(onnx_type);
  auto* shape = tensor->mutable_shape();
  for (const Dim& dim : dims) {
    if (const auto* size = std::get_if<int64_t>(&dim)) {
      shape->add_dim()->set_dim_value(*size);
    } else {
      shape->add_dim()->set_dim_param(std::get<std::string>(dim));
    }
  }
  return *this;
}

ModelBuilder& ModelBuilder::initializer(const std::string& name, const std::vector<int64_t>& dims,
                                        const std::vector<float>& values) {
  auto* tensor = impl_->model.mutable_graph()->add_initializer();
  tensor->set_name(name);
  tensor->set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t dim : dims) tensor->add_dims(dim);
  for (float value : values) tensor->add_float_data(value);
  return *this;
}

ModelBuilder& ModelBuilder::node(const std::string& op_type, const std::vector<std::string>& inputs,
                                 const std::vector<std::string>& outputs) {
  auto* node = impl_->model.mutable_graph()->add_node();
  node->set_op_type(op_type);
  node->set_name(op_type + "_" + std::to_string(impl_->model.graph().node_size()));
  for (const auto& input : inputs) node->add_input(input);
  for (const auto& output : outputs) node->add_output(output);
  return *this;
}

ModelBuilder& ModelBuilder::output(const std::string& name, int onnx_type) {
  auto* info = impl_->model.mutable_graph()->add_output();
  info->set_name(name);
  info->mutable_type()->mutable_tensor_type()->set_elem_type(onnx_type);
  return *this;
}

void ModelBuilder::write(const std::filesystem::path& path) const {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!impl_->model.SerializeToOstream(&out)) throw std::runtime_error("cannot write " + path.string());
}

void write_chain_model(const std::filesystem::path& path) {
  std::vector<float> w(12);
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = 0.25f * static_cast<float>(i) - 1.0f;
  ModelBuilder()
      .input("A", {"batch", 2, 3})
      .input("C", {2, 1})
      .initializer("W", {3, 4}, w)
      .initializer("B", {4}, {0.5f, -1.5f, 2.0f, 0.0f})
      .node("MatMul", {"A", "W"}, {"T"})
      .node("Add", {"T", "B"}, {"U"})
      .node("Mul", {"U", "C"}, {"Y"})
      .output("Y")
      .write(path);
}

void write_relu_model(const std::filesystem::path& path) {
  ModelBuilder().input("X", {2, 3}).node("Relu", {"X"}, {"Y"}).output("Y").write(path);
}

}  // namespace winml::test_ep
