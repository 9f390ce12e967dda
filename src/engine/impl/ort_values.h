#pragma once
// Conversions between winml's plain values (engine/engine.h) and ONNX Runtime's: type
// descriptions of inputs and outputs, host values to Ort::Value for feeding, and Ort::Value
// outputs back to host values for validation.

#include <onnxruntime_cxx_api.h>

#include <string>

#include "engine/engine.h"

namespace winml::engine::impl {

/// Describes a model input or output (kind, element type, shape, what a sequence or optional holds).
TensorInfo describe(const std::string& name, const Ort::ConstTypeInfo& type_info);

/// An Ort::Value for a tensor or sequence. Fixed-size tensors borrow `value`'s bytes, which
/// must outlive the result; strings are copied. Throws SessionError naming the input for what
/// ONNX Runtime cannot take (an empty sequence, a type it has no tensor for).
Ort::Value to_ort_value(const HostValue& value);

/// Copies an output to host memory; `info` says whether it is an optional (None = no elements).
HostValue to_host_value(const Ort::Value& value, const TensorInfo& info);

}  // namespace winml::engine::impl
