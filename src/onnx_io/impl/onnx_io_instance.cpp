// The plugin's OnnxIo: the synthetic-bundle writer and the TensorProto reader, which are the only
// code of winml that needs the ONNX protobuf libraries.

#include "onnx_io/onnx_io.h"
#include "plugin/plugin_export.h"
#include "synth/bundle_writer.h"
#include "tensor_files/input_data.h"
#include "winml_build_info.h"

namespace winml::onnx_io::impl {
namespace {

class PluginOnnxIo final : public OnnxIo {
 public:
  synth::SynthResult write_bundle(const synth::SynthOptions& options, const std::filesystem::path& out_dir,
                                  bool overwrite, const synth::SynthProgress& progress) override {
    return synth::write_bundle(options, out_dir, overwrite, progress);
  }

  std::vector<tensor_files::DataSet> load_data_sets(const std::filesystem::path& dir,
                                                    const std::vector<engine::TensorInfo>& inputs,
                                                    const std::vector<engine::TensorInfo>& outputs,
                                                    bool read_outputs) override {
    return tensor_files::load_data_sets(dir, inputs, outputs, read_outputs);
  }
};

}  // namespace
}  // namespace winml::onnx_io::impl

extern "C" WINML_PLUGIN_EXPORT const winml::plugin::Identity* winml_onnx_io_identity() {
  static const winml::plugin::Identity identity{winml::onnx_io::kOnnxIoInterfaceVersion, WINML_VERSION_STRING,
                                                winml::plugin::kToolchain};
  return &identity;
}

extern "C" WINML_PLUGIN_EXPORT winml::onnx_io::OnnxIo* winml_onnx_io_instance(winml::platform::TempRegistry host) {
  // This plugin's copy of the platform code registers its temporary files in the program's
  // registry, which the installed SIGINT/SIGTERM handlers empty.
  winml::platform::use_temp_registry(host);
  static winml::onnx_io::impl::PluginOnnxIo instance;
  return &instance;
}
