#pragma once
/// \file
/// The boundary around the ONNX protobuf libraries (libprotobuf, libonnx, libonnx_proto), needed
/// only by the commands that write or read ONNX protobuf files: `bundle synth` and
/// `perf --input-data`. They live in the libwinml_onnx_io.so plugin, dlopen'ed on first use
/// (onnx_io_loader.h) like the engine, so that every other command, and --help above all, starts
/// without loading them. The boundary has the engine's contract (engine/engine.h,
/// plugin/plugin_identity.h): C++ types and winml::Error exceptions cross it, so the plugin must
/// come from the same build, which the loader checks.

#include <filesystem>
#include <vector>

#include "engine/engine.h"
#include "platform/signal_cleanup.h"
#include "plugin/plugin_identity.h"
#include "synth/bundle_writer.h"
#include "synth/synth_options.h"
#include "tensor_files/input_data.h"

namespace winml::onnx_io {

/// Version of the interface declared in this file; bump it on any change here.
inline constexpr int kOnnxIoInterfaceVersion = 3;

/// What the plugin does for winml.
class OnnxIo {
 public:
  virtual ~OnnxIo() = default;
  /// synth::write_bundle (synth/bundle_writer.h), with the same errors.
  virtual synth::SynthResult write_bundle(const synth::SynthOptions& options, const std::filesystem::path& out_dir,
                                          bool overwrite, const synth::SynthProgress& progress) = 0;
  /// tensor_files::load_data_sets (tensor_files/input_data.h), with the same errors.
  virtual std::vector<tensor_files::DataSet> load_data_sets(const std::filesystem::path& dir,
                                                            const std::vector<engine::TensorInfo>& inputs,
                                                            const std::vector<engine::TensorInfo>& outputs,
                                                            bool read_outputs) = 0;
};

}  // namespace winml::onnx_io

/// Exported by the plugin: which build it is from (see plugin/plugin_identity.h).
extern "C" const winml::plugin::Identity* winml_onnx_io_identity();

/// Exported by the plugin; returns the process-wide instance (never null). `host` is the loading
/// program's temporary-file registry: the plugin carries its own copy of winml's platform code,
/// and its temporary files must be registered where the program's signal handlers look.
extern "C" winml::onnx_io::OnnxIo* winml_onnx_io_instance(winml::platform::TempRegistry host);
