#pragma once
/// \file
/// The operators the test EP computes, on the CPU with plain loops, with ONNX semantics: Add and
/// Mul broadcast like numpy; MatMul follows numpy.matmul (1-D operands promoted and the added axis
/// removed again, batch dimensions broadcast). Pure functions: no ORT types.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace winml_test_ep {

using Shape = std::vector<int64_t>;

/// A read-only float tensor owned elsewhere.
struct TensorView {
  Shape shape;
  std::span<const float> data;
};

/// A float tensor the kernels produce.
struct Tensor {
  Shape shape;
  std::vector<float> data;

  TensorView view() const { return {shape, data}; }
};

/// Elements in a tensor of `shape`.
std::size_t element_count(const Shape& shape);

/// True for the op types this EP runs.
bool is_supported_op(std::string_view op_type);

/// Runs a supported op on two inputs. Throws std::invalid_argument when the shapes do not fit
/// (the message names the op and both shapes) or the op is not supported.
Tensor run_op(std::string_view op_type, const TensorView& a, const TensorView& b);

/// numpy broadcasting of two shapes; throws std::invalid_argument when they do not broadcast.
Shape broadcast_shapes(const Shape& a, const Shape& b);

/// a + b and a * b with broadcasting.
Tensor add(const TensorView& a, const TensorView& b);
Tensor mul(const TensorView& a, const TensorView& b);

/// numpy.matmul.
Tensor matmul(const TensorView& a, const TensorView& b);

}  // namespace winml_test_ep
