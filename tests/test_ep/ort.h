#pragma once
/// \file
/// ONNX Runtime's C++ API as a plugin EP uses it: no static initialisation (the library never links
/// libonnxruntime; entry.cpp installs the OrtApi that ORT hands over), plus the helpers every
/// callback needs: exceptions into an OrtStatus, value names.

#define ORT_API_MANUAL_INIT
#include <onnxruntime_cxx_api.h>
#undef ORT_API_MANUAL_INIT

#include <exception>
#include <string>
#include <vector>

#include "names.h"

namespace winml_test_ep {

/// Runs `body` (returning OrtStatus*) and turns any exception into an OrtStatus: no exception may
/// cross the C boundary into ORT.
template <typename Body>
OrtStatus* guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const Ort::Exception& e) {
    return Ort::GetApi().CreateStatus(e.GetOrtErrorCode(), e.what());
  } catch (const std::exception& e) {
    return Ort::GetApi().CreateStatus(ORT_EP_FAIL, e.what());
  } catch (...) {
    return Ort::GetApi().CreateStatus(ORT_EP_FAIL, "WinmlTestEP: unknown exception");
  }
}

/// The names of graph values (inputs or outputs of a node); "" for an omitted optional one.
inline std::vector<std::string> names_of(const std::vector<Ort::ConstValueInfo>& values) {
  std::vector<std::string> names;
  names.reserve(values.size());
  for (const auto& value : values) names.push_back(value ? value.GetName() : std::string());
  return names;
}

}  // namespace winml_test_ep
