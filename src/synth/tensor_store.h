#pragma once
/// \file
/// Decides where initializer bytes live: inside the .onnx file, or in an external data file next
/// to it (needed above protobuf's 2 GB message limit). The external file is streamed to a
/// temporary name and renamed into place by commit(), so a crash never leaves a truncated file
/// under the real name, and a multi-GB model is never held in memory twice. The temporary file is
/// a platform::TempFile: deleted on Ctrl-C, and swept by the next run after a kill.

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "platform/temp_file.h"

namespace winml::synth {

/// Creates TensorProtos for the initializers of one or more graphs that share a data file.
class TensorStore {
 public:
  /// External tensors start at multiples of this, so ONNX Runtime can map them page-aligned.
  static constexpr std::uint64_t kAlignment = 4096;
  /// Tensors smaller than this stay inline even in an external store (scalars, shape constants).
  static constexpr std::size_t kExternalMinBytes = 1024;

  /// An inline store: every tensor's bytes go into its TensorProto.
  TensorStore() = default;
  /// An external store writing `dir / data_file`; the graph refers to it by the relative name.
  TensorStore(const std::filesystem::path& dir, std::string data_file);
  ~TensorStore();
  TensorStore(const TensorStore&) = delete;
  TensorStore& operator=(const TensorStore&) = delete;

  /// The TensorProto for `name` with little-endian `bytes` of the given type and shape.
  onnx::TensorProto add(const std::string& name, onnx::TensorProto_DataType type, const std::vector<std::int64_t>& dims,
                        const void* bytes, std::size_t size);

  /// Float convenience overload of add().
  onnx::TensorProto add(const std::string& name, const std::vector<std::int64_t>& dims,
                        const std::vector<float>& values);

  /// Syncs and renames the external file into place. Does nothing for an inline store.
  /// Throws winml::Error (runtime) when the disk refuses.
  void commit();

  /// Calls `observer` with the byte size of each tensor added from now on (for progress).
  void observe(std::function<void(std::size_t bytes)> observer) { observer_ = std::move(observer); }

  /// True when large tensors go to an external file.
  bool external() const { return !data_file_.empty(); }

  /// The external file's name relative to the model folder ("" for an inline store).
  const std::string& data_file() const { return data_file_; }

 private:
  /// Appends to the temporary file and advances offset_.
  void write(const void* bytes, std::size_t size);

  std::filesystem::path final_path_;           ///< where commit() puts the data file
  std::unique_ptr<platform::TempFile> temp_;   ///< being written until commit(); null for an inline store
  std::string data_file_;                      ///< relative name recorded in each TensorProto
  std::uint64_t offset_ = 0;                   ///< bytes written so far
  std::function<void(std::size_t)> observer_;  ///< told of each tensor added; may be empty
};

}  // namespace winml::synth
