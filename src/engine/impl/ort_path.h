#pragma once
// ONNX Runtime takes file paths in the system's native characters (ORTCHAR_T: wchar_t on Windows,
// char elsewhere); winml's paths are UTF-8 text. GenAI's C API takes UTF-8 on every system.

#include <onnxruntime_cxx_api.h>

#include <string>
#include <string_view>

#include "platform/utf8_path.h"

namespace winml::engine::impl {

/// UTF-8 `path` as ONNX Runtime's path string.
inline std::basic_string<ORTCHAR_T> ort_path(std::string_view path) { return platform::utf8_path(path).native(); }

}  // namespace winml::engine::impl
