#include "kernels.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace winml_test_ep {
namespace {

std::string to_text(const Shape& shape) {
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? "," : "") + std::to_string(shape[i]);
  return text + "]";
}

[[noreturn]] void shape_error(std::string_view op, const Shape& a, const Shape& b) {
  throw std::invalid_argument(std::string(op) + ": shapes " + to_text(a) + " and " + to_text(b) + " do not fit");
}

// Strides of `in` seen through the broadcast `out` shape (right-aligned): 0 on axes where `in` has
// size 1 or no axis at all, so walking `out` re-reads the broadcast elements.
std::vector<std::size_t> broadcast_strides(const Shape& in, const Shape& out) {
  std::vector<std::size_t> strides(out.size(), 0);
  std::size_t stride = 1;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t in_axis = in.size() - 1 - i;
    const std::size_t out_axis = out.size() - 1 - i;
    if (in[in_axis] != 1) strides[out_axis] = stride;
    stride *= static_cast<std::size_t>(in[in_axis]);
  }
  return strides;
}

// Offsets into `a` and `b` for each element of `out`, in row-major order.
template <typename Visit>
void for_each_broadcast(const Shape& a, const Shape& b, const Shape& out, Visit&& visit) {
  const auto stride_a = broadcast_strides(a, out);
  const auto stride_b = broadcast_strides(b, out);
  const std::size_t count = element_count(out);
  for (std::size_t index = 0; index < count; ++index) {
    std::size_t rest = index;
    std::size_t offset_a = 0;
    std::size_t offset_b = 0;
    for (std::size_t axis = out.size(); axis-- > 0;) {
      const auto dim = static_cast<std::size_t>(out[axis]);
      const std::size_t coordinate = rest % dim;
      rest /= dim;
      offset_a += coordinate * stride_a[axis];
      offset_b += coordinate * stride_b[axis];
    }
    visit(index, offset_a, offset_b);
  }
}

template <typename Op>
Tensor elementwise(std::string_view name, const TensorView& a, const TensorView& b, Op op) {
  Shape shape;
  try {
    shape = broadcast_shapes(a.shape, b.shape);
  } catch (const std::invalid_argument&) {
    shape_error(name, a.shape, b.shape);
  }
  Tensor out{shape, std::vector<float>(element_count(shape))};
  for_each_broadcast(a.shape, b.shape, shape,
                     [&](std::size_t i, std::size_t ia, std::size_t ib) { out.data[i] = op(a.data[ia], b.data[ib]); });
  return out;
}

}  // namespace

std::size_t element_count(const Shape& shape) {
  std::size_t count = 1;
  for (int64_t dim : shape) {
    if (dim < 0) throw std::invalid_argument("negative dimension " + std::to_string(dim));
    count *= static_cast<std::size_t>(dim);
  }
  return count;
}

bool is_supported_op(std::string_view op_type) { return op_type == "MatMul" || op_type == "Add" || op_type == "Mul"; }

Tensor run_op(std::string_view op_type, const TensorView& a, const TensorView& b) {
  if (op_type == "MatMul") return matmul(a, b);
  if (op_type == "Add") return add(a, b);
  if (op_type == "Mul") return mul(a, b);
  throw std::invalid_argument("unsupported op type '" + std::string(op_type) + "'");
}

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  const std::size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (std::size_t i = 0; i < rank; ++i) {
    const int64_t da = i < a.size() ? a[a.size() - 1 - i] : 1;
    const int64_t db = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (da != db && da != 1 && db != 1) shape_error("broadcast", a, b);
    out[rank - 1 - i] = da == 1 ? db : da;
  }
  return out;
}

Tensor add(const TensorView& a, const TensorView& b) {
  return elementwise("Add", a, b, [](float x, float y) { return x + y; });
}

Tensor mul(const TensorView& a, const TensorView& b) {
  return elementwise("Mul", a, b, [](float x, float y) { return x * y; });
}

Tensor matmul(const TensorView& a, const TensorView& b) {
  if (a.shape.empty() || b.shape.empty()) shape_error("MatMul", a.shape, b.shape);
  // Promote 1-D operands to matrices: [K] is a row [1,K] on the left, a column [K,1] on the right.
  const Shape sa = a.shape.size() == 1 ? Shape{1, a.shape[0]} : a.shape;
  const Shape sb = b.shape.size() == 1 ? Shape{b.shape[0], 1} : b.shape;
  const int64_t m = sa[sa.size() - 2];
  const int64_t k = sa[sa.size() - 1];
  const int64_t n = sb[sb.size() - 1];
  if (sb[sb.size() - 2] != k) shape_error("MatMul", a.shape, b.shape);

  const Shape batch_a(sa.begin(), sa.end() - 2);
  const Shape batch_b(sb.begin(), sb.end() - 2);
  Shape batch;
  try {
    batch = broadcast_shapes(batch_a, batch_b);
  } catch (const std::invalid_argument&) {
    shape_error("MatMul", a.shape, b.shape);
  }

  // The promoted axes are not part of the result.
  Shape shape = batch;
  if (a.shape.size() != 1) shape.push_back(m);
  if (b.shape.size() != 1) shape.push_back(n);
  Tensor out{shape, std::vector<float>(element_count(shape))};

  const auto um = static_cast<std::size_t>(m);
  const auto uk = static_cast<std::size_t>(k);
  const auto un = static_cast<std::size_t>(n);
  // Batch offsets count whole matrices; scale them by the matrix sizes.
  for_each_broadcast(batch_a, batch_b, batch, [&](std::size_t i, std::size_t ia, std::size_t ib) {
    const float* pa = a.data.data() + ia * um * uk;
    const float* pb = b.data.data() + ib * uk * un;
    float* po = out.data.data() + i * um * un;
    for (std::size_t row = 0; row < um; ++row) {
      for (std::size_t col = 0; col < un; ++col) {
        float sum = 0.0f;
        for (std::size_t j = 0; j < uk; ++j) sum += pa[row * uk + j] * pb[j * un + col];
        po[row * un + col] = sum;
      }
    }
  });
  return out;
}

}  // namespace winml_test_ep
