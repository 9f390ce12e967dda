#include "compile/onnx_fixtures.h"

#include <fstream>
#include <iterator>

#include <onnx/onnx_pb.h>

namespace winml::test {
namespace {

void add_float_io(onnx::ValueInfoProto* info, const std::string& name) {
  info->set_name(name);
  auto* tensor = info->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(onnx::TensorProto::FLOAT);
  tensor->mutable_shape()->add_dim()->set_dim_value(4);
}

onnx::ModelProto base_model(bool single_opset) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.set_producer_name("winml-tests");
  auto* opset = model.add_opset_import();
  opset->set_version(17);
  if (!single_opset) {
    auto* ms = model.add_opset_import();
    ms->set_domain("com.microsoft");
    ms->set_version(1);
  }
  auto* graph = model.mutable_graph();
  graph->set_name("g");
  add_float_io(graph->add_input(), "X");
  add_float_io(graph->add_output(), "Y");
  return model;
}

}  // namespace

void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_source_model(const std::filesystem::path& path, bool external_data) {
  onnx::ModelProto model = base_model(true);
  auto* graph = model.mutable_graph();
  auto* node = graph->add_node();
  node->set_op_type("Add");
  node->add_input("X");
  node->add_input("W");
  node->add_output("Y");
  auto* w = graph->add_initializer();
  w->set_name("W");
  w->set_data_type(onnx::TensorProto::FLOAT);
  w->add_dims(4);
  const std::string data(16, '\x01');
  if (external_data) {
    const std::string location = path.filename().string() + ".data";
    write_bytes(path.parent_path() / location, data);
    w->set_data_location(onnx::TensorProto::EXTERNAL);
    auto* entry = w->add_external_data();
    entry->set_key("location");
    entry->set_value(location);
    auto* length = w->add_external_data();
    length->set_key("length");
    length->set_value("16");
  } else {
    w->set_raw_data(data);
  }
  write_bytes(path, model.SerializeAsString());
}

std::string epcontext_model_bytes(const std::string& ep, bool embed, const std::string& context,
                                  const std::string& compatibility_info) {
  onnx::ModelProto model = base_model(false);
  auto* node = model.mutable_graph()->add_node();
  node->set_op_type("EPContext");
  node->set_domain("com.microsoft");
  node->set_name("ctx_node");
  node->add_input("X");
  node->add_output("Y");
  auto* embed_mode = node->add_attribute();
  embed_mode->set_name("embed_mode");
  embed_mode->set_type(onnx::AttributeProto::INT);
  embed_mode->set_i(embed ? 1 : 0);
  auto* cache = node->add_attribute();
  cache->set_name("ep_cache_context");
  cache->set_type(onnx::AttributeProto::STRING);
  cache->set_s(context);
  auto* source = node->add_attribute();
  source->set_name("source");
  source->set_type(onnx::AttributeProto::STRING);
  source->set_s(ep);
  if (!compatibility_info.empty()) {
    auto* entry = model.add_metadata_props();
    entry->set_key("ep_compatibility_info." + ep);
    entry->set_value(compatibility_info);
  }
  return model.SerializeAsString();
}

std::string plain_model_bytes() {
  onnx::ModelProto model = base_model(true);
  auto* node = model.mutable_graph()->add_node();
  node->set_op_type("Identity");
  node->add_input("X");
  node->add_output("Y");
  return model.SerializeAsString();
}

}  // namespace winml::test
