#include "synth/tensor_store.h"

#include <bit>

namespace winml::synth {
namespace {

static_assert(std::endian::native == std::endian::little, "ONNX raw_data is little-endian; add byte swapping first");

void set_entry(onnx::TensorProto& tensor, const std::string& key, const std::string& value) {
  auto* entry = tensor.add_external_data();
  entry->set_key(key);
  entry->set_value(value);
}

}  // namespace

TensorStore::TensorStore(const std::filesystem::path& dir, std::string data_file)
    : final_path_(dir / data_file),
      temp_(std::make_unique<platform::TempFile>(final_path_)),
      data_file_(std::move(data_file)) {}

// The TempFile member deletes an uncommitted temporary file.
TensorStore::~TensorStore() = default;

void TensorStore::write(const void* bytes, std::size_t size) {
  temp_->write(bytes, size);
  offset_ += size;
}

onnx::TensorProto TensorStore::add(const std::string& name, onnx::TensorProto_DataType type,
                                   const std::vector<std::int64_t>& dims, const void* bytes, std::size_t size) {
  onnx::TensorProto tensor;
  tensor.set_name(name);
  tensor.set_data_type(type);
  for (auto d : dims) tensor.add_dims(d);
  if (observer_) observer_(size);
  if (!external() || size < kExternalMinBytes) {
    tensor.set_raw_data(bytes, size);
    return tensor;
  }
  // Zero padding up to the alignment: deterministic, and ignored by readers.
  static const char zeros[kAlignment] = {};
  write(zeros, static_cast<std::size_t>((kAlignment - offset_ % kAlignment) % kAlignment));
  tensor.set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
  set_entry(tensor, "location", data_file_);
  set_entry(tensor, "offset", std::to_string(offset_));
  set_entry(tensor, "length", std::to_string(size));
  write(bytes, size);
  return tensor;
}

onnx::TensorProto TensorStore::add(const std::string& name, const std::vector<std::int64_t>& dims,
                                   const std::vector<float>& values) {
  return add(name, onnx::TensorProto_DataType_FLOAT, dims, values.data(), values.size() * sizeof(float));
}

void TensorStore::commit() {
  if (temp_ == nullptr) return;
  temp_->commit();
  temp_.reset();
}

}  // namespace winml::synth
