#pragma once
/// \file
/// Loads the libwinml_onnx_io.so plugin (and through it libprotobuf and libonnx) on first use.

#include "onnx_io/onnx_io.h"

namespace winml::onnx_io {

/// Loads the plugin if needed and returns it. Throws winml::OnnxIoNotInstalledError naming the
/// plugin and the fix when it cannot be loaded or comes from another build.
/// WINML_ONNX_IO_PATH overrides where it is looked for.
OnnxIo& get();

/// True once get() has loaded the plugin.
bool is_loaded();

}  // namespace winml::onnx_io
