// winml's field numbers against the ones protoc generated from Debian's onnx.proto: a number
// typed wrong in onnx_fields.h would make both scanners silently skip the field.
#include "onnx_wire/onnx_fields.h"

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

namespace winml::onnx_wire {
namespace {

TEST(OnnxFields, MatchTheGeneratedProtobufCode) {
  EXPECT_EQ(model_field::ir_version, onnx::ModelProto::kIrVersionFieldNumber);
  EXPECT_EQ(model_field::producer_name, onnx::ModelProto::kProducerNameFieldNumber);
  EXPECT_EQ(model_field::producer_version, onnx::ModelProto::kProducerVersionFieldNumber);
  EXPECT_EQ(model_field::domain, onnx::ModelProto::kDomainFieldNumber);
  EXPECT_EQ(model_field::doc_string, onnx::ModelProto::kDocStringFieldNumber);
  EXPECT_EQ(model_field::graph, onnx::ModelProto::kGraphFieldNumber);
  EXPECT_EQ(model_field::opset_import, onnx::ModelProto::kOpsetImportFieldNumber);
  EXPECT_EQ(model_field::metadata_props, onnx::ModelProto::kMetadataPropsFieldNumber);
  EXPECT_EQ(model_field::training_info, onnx::ModelProto::kTrainingInfoFieldNumber);
  EXPECT_EQ(model_field::functions, onnx::ModelProto::kFunctionsFieldNumber);

  EXPECT_EQ(graph_field::node, onnx::GraphProto::kNodeFieldNumber);
  EXPECT_EQ(graph_field::initializer, onnx::GraphProto::kInitializerFieldNumber);
  EXPECT_EQ(graph_field::input, onnx::GraphProto::kInputFieldNumber);

  EXPECT_EQ(node_field::input, onnx::NodeProto::kInputFieldNumber);
  EXPECT_EQ(node_field::name, onnx::NodeProto::kNameFieldNumber);
  EXPECT_EQ(node_field::op_type, onnx::NodeProto::kOpTypeFieldNumber);
  EXPECT_EQ(node_field::attribute, onnx::NodeProto::kAttributeFieldNumber);
  EXPECT_EQ(node_field::domain, onnx::NodeProto::kDomainFieldNumber);

  EXPECT_EQ(attribute_field::name, onnx::AttributeProto::kNameFieldNumber);
  EXPECT_EQ(attribute_field::i, onnx::AttributeProto::kIFieldNumber);
  EXPECT_EQ(attribute_field::s, onnx::AttributeProto::kSFieldNumber);
  EXPECT_EQ(attribute_field::g, onnx::AttributeProto::kGFieldNumber);
  EXPECT_EQ(attribute_field::graphs, onnx::AttributeProto::kGraphsFieldNumber);
  EXPECT_EQ(attribute_field::type, onnx::AttributeProto::kTypeFieldNumber);
  EXPECT_EQ(kIntAttributeType, static_cast<std::uint64_t>(onnx::AttributeProto::INT));

  EXPECT_EQ(tensor_field::dims, onnx::TensorProto::kDimsFieldNumber);
  EXPECT_EQ(tensor_field::data_type, onnx::TensorProto::kDataTypeFieldNumber);
  EXPECT_EQ(tensor_field::name, onnx::TensorProto::kNameFieldNumber);
  EXPECT_EQ(tensor_field::external_data, onnx::TensorProto::kExternalDataFieldNumber);

  EXPECT_EQ(value_info_field::name, onnx::ValueInfoProto::kNameFieldNumber);
  EXPECT_EQ(value_info_field::type, onnx::ValueInfoProto::kTypeFieldNumber);
  EXPECT_EQ(type_field::tensor_type, onnx::TypeProto::kTensorTypeFieldNumber);
  EXPECT_EQ(tensor_type_field::elem_type, onnx::TypeProto_Tensor::kElemTypeFieldNumber);
  EXPECT_EQ(entry_field::key, onnx::StringStringEntryProto::kKeyFieldNumber);
  EXPECT_EQ(entry_field::value, onnx::StringStringEntryProto::kValueFieldNumber);
}

TEST(OnnxFields, OnlyMessageAndStringFieldsOfAModelAreBytes) {
  EXPECT_TRUE(model_field_is_bytes(model_field::graph));
  EXPECT_TRUE(model_field_is_bytes(model_field::producer_name));
  EXPECT_TRUE(model_field_is_bytes(model_field::metadata_props));
  EXPECT_FALSE(model_field_is_bytes(model_field::ir_version));
  EXPECT_FALSE(model_field_is_bytes(5));  // model_version, an int64
}

}  // namespace
}  // namespace winml::onnx_wire
