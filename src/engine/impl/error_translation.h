#pragma once
// Converts engine exceptions (std::runtime_error from ort_genai.h, Ort::Exception) into winml
// errors at the plugin boundary, so callers only ever see winml::Error.

#include <exception>
#include <string>

#include "winml/errors.h"

namespace winml::engine::impl {

/// Runs fn; an exception that is not already a winml::Error becomes E(context + ": " + what),
/// without the line breaks ONNX Runtime leaves at the end of its messages.
template <class E, class Fn>
auto translate_errors(const std::string& context, Fn&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const winml::Error&) {
    throw;
  } catch (const std::exception& e) {
    std::string what = e.what();
    while (!what.empty() && (what.back() == '\n' || what.back() == '\r' || what.back() == ' ')) what.pop_back();
    throw E(context + ": " + what);
  }
}

}  // namespace winml::engine::impl
