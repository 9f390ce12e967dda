#include "synth/tensor_store.h"

#include <fmt/format.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "winml/errors.h"

namespace winml::synth {
namespace {

static_assert(std::endian::native == std::endian::little, "ONNX raw_data is little-endian; add byte swapping first");

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view what) {
  throw Error(ErrorCategory::runtime, fmt::format("cannot write {}: {} ({}). Check free disk space and permissions.",
                                                  path.string(), what, std::strerror(errno)));
}

void set_entry(onnx::TensorProto& tensor, const std::string& key, const std::string& value) {
  auto* entry = tensor.add_external_data();
  entry->set_key(key);
  entry->set_value(value);
}

}  // namespace

TensorStore::TensorStore(const std::filesystem::path& dir, std::string data_file)
    : final_path_(dir / data_file), data_file_(std::move(data_file)) {
  temp_ = std::make_unique<platform::TempFile>(final_path_);
  // The stream owns the descriptor from here; the TempFile still deletes the file unless kept.
  const int fd = temp_->release_fd();
  file_ = ::fdopen(fd, "wb");
  if (file_ == nullptr) {
    ::close(fd);
    fail(final_path_, "cannot open the temporary file");
  }
}

// The TempFile member deletes an uncommitted temporary file after the stream is closed.
TensorStore::~TensorStore() {
  if (file_ != nullptr) std::fclose(file_);
}

void TensorStore::write(const void* bytes, std::size_t size) {
  if (size > 0 && std::fwrite(bytes, 1, size, file_) != size) fail(final_path_, "write failed");
  offset_ += size;
}

onnx::TensorProto TensorStore::add(const std::string& name, onnx::TensorProto_DataType type,
                                   const std::vector<std::int64_t>& dims, const void* bytes, std::size_t size) {
  onnx::TensorProto tensor;
  tensor.set_name(name);
  tensor.set_data_type(type);
  for (auto d : dims) tensor.add_dims(d);
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
  if (file_ == nullptr) return;
  std::FILE* file = file_;
  file_ = nullptr;
  // fsync before rename: after a crash the real name must never point at partial content.
  bool ok = std::fflush(file) == 0 && ::fsync(::fileno(file)) == 0;
  ok = std::fclose(file) == 0 && ok;
  if (!ok) fail(final_path_, "flush failed");
  if (std::rename(temp_->path().c_str(), final_path_.c_str()) != 0) fail(final_path_, "rename failed");
  temp_->keep();
}

}  // namespace winml::synth
