// Adjoints of matmul/dot and of the reductions (adjoint.hpp), written with the forward kernels:
// a matrix product's cotangents are matrix products, so they run through BLAS as well.
#include "fluxion/runtime/adjoint.hpp"

#include <string>

#include "fluxion/runtime/broadcast.hpp"
#include "fluxion/runtime/elementwise.hpp"
#include "fluxion/runtime/linalg.hpp"
#include "fluxion/runtime/shape_ops.hpp"

namespace fx::rt {

namespace {

// x with its last two axes swapped (a view).
Tensor swap_last(const Tensor& x) {
  int64_t axes[FX_MAX_RANK];
  const int r = x.rank();
  for (int i = 0; i < r; ++i) axes[i] = i;
  std::swap(axes[r - 2], axes[r - 1]);
  return transpose(x, std::span<const int64_t>(axes, static_cast<size_t>(r)));
}

// The matrix matmul reads for an operand of this rank: a vector is a row (left) or a column.
Tensor as_left_matrix(const Tensor& a) { return a.rank() == 1 ? reshape(a, Shape{1, a.dim(0)}) : a; }
Tensor as_right_matrix(const Tensor& b) { return b.rank() == 1 ? reshape(b, Shape{b.dim(0), 1}) : b; }
Shape left_matrix_shape(const Shape& a) { return a.rank() == 1 ? Shape{1, a[0]} : a; }
Shape right_matrix_shape(const Shape& b) { return b.rank() == 1 ? Shape{b[0], 1} : b; }

// y's cotangent with the axes that matmul removed for vector operands put back:
// batch + (m, n) always.
Tensor ct_as_matrix(const Tensor& ct, int a_rank, int b_rank) {
  Tensor c = ct;
  if (b_rank == 1) c = expand_dims(c, c.rank());
  if (a_rank == 1) c = expand_dims(c, c.rank() - 1);
  return c;
}

void check_operand_rank(const Shape& s, const char* what) {
  if (s.rank() < 0) tensor_error(std::string(what) + ": bad shape");
}

}  // namespace

Tensor matmul_vjp_a(const Tensor& ct, const Tensor& b, const Shape& a_shape) {
  check_operand_rank(a_shape, "matmul_vjp_a");
  if (a_shape.rank() == 0) return sum(mul(ct, b));            // dot(a, b) = a * b, a a scalar
  if (b.rank() == 0) return sum_to_shape(mul(ct, b), a_shape);  // dot(a, b) = a * b, b a scalar
  Tensor c = ct_as_matrix(ct, a_shape.rank(), b.rank());
  Tensor g = matmul(c, swap_last(as_right_matrix(b)));  // batch + (m, k)
  Shape am = left_matrix_shape(a_shape);
  if (!broadcasts_to(am, g.shape()))
    tensor_error("matmul_vjp_a: cotangent of shape " + to_string(ct.shape()) + " does not fit a of shape " +
                 to_string(a_shape) + " and b of shape " + to_string(b.shape()));
  return reshape(sum_to_shape(g, am), a_shape);
}

Tensor matmul_vjp_b(const Tensor& a, const Tensor& ct, const Shape& b_shape) {
  check_operand_rank(b_shape, "matmul_vjp_b");
  if (b_shape.rank() == 0) return sum(mul(a, ct));
  if (a.rank() == 0) return sum_to_shape(mul(a, ct), b_shape);
  Tensor c = ct_as_matrix(ct, a.rank(), b_shape.rank());
  Tensor g = matmul(swap_last(as_left_matrix(a)), c);  // batch + (k, n)
  Shape bm = right_matrix_shape(b_shape);
  if (!broadcasts_to(bm, g.shape()))
    tensor_error("matmul_vjp_b: cotangent of shape " + to_string(ct.shape()) + " does not fit a of shape " +
                 to_string(a.shape()) + " and b of shape " + to_string(b_shape));
  return reshape(sum_to_shape(g, bm), b_shape);
}

Tensor matmul_vjp_a_add(const Tensor& ct, const Tensor& b, Tensor acc) {
  // a (m, k) = acc's shape: y = a @ b with b (k, n) and ct (m, n), or b (k) and ct (m).
  const bool plain = acc.rank() == 2 && ct.rank() == b.rank() && (b.rank() == 1 || b.rank() == 2) &&
                     ct.dim(0) == acc.dim(0) && b.dim(0) == acc.dim(1) && (b.rank() == 1 || ct.dim(1) == b.dim(1));
  if (plain)
    return matmul_add(std::move(acc), ct_as_matrix(ct, 2, b.rank()), swap_last(as_right_matrix(b)));
  Tensor g = matmul_vjp_a(ct, b, acc.shape());
  return apply_over(BinaryOp::Add, std::move(acc), g);
}

Tensor matmul_vjp_b_add(const Tensor& a, const Tensor& ct, Tensor acc) {
  // b (k, n) = acc's shape: y = a @ b with a (m, k) and ct (m, n), or a (k) and ct (n).
  const bool plain = acc.rank() == 2 && a.rank() == ct.rank() && (a.rank() == 1 || a.rank() == 2) &&
                     a.dim(a.rank() - 1) == acc.dim(0) && ct.dim(ct.rank() - 1) == acc.dim(1) &&
                     (a.rank() == 1 || a.dim(0) == ct.dim(0));
  if (plain)
    return matmul_add(std::move(acc), swap_last(as_left_matrix(a)), ct_as_matrix(ct, a.rank(), 2));
  Tensor g = matmul_vjp_b(a, ct, acc.shape());
  return apply_over(BinaryOp::Add, std::move(acc), g);
}

Tensor expand_reduced(const Tensor& ct, const Shape& x_shape, Axis axis, bool keepdims) {
  // The shape reduce(x, axis, keepdims) has: what ct must be.
  Shape reduced;
  int a = -1;
  if (axis) {
    a = normalize_axis(*axis, x_shape.rank());
    for (int i = 0; i < x_shape.rank(); ++i) {
      if (i != a) reduced.push_back(x_shape[i]);
      else if (keepdims) reduced.push_back(1);
    }
  } else if (keepdims) {
    for (int i = 0; i < x_shape.rank(); ++i) reduced.push_back(1);
  }
  if (!(ct.shape() == reduced))
    tensor_error("expand_reduced: a cotangent of shape " + to_string(ct.shape()) +
                 " does not match the reduced shape " + to_string(reduced) + " of " + to_string(x_shape));
  Tensor c = axis && !keepdims ? expand_dims(ct, a) : ct;
  return broadcast_to(c, x_shape);
}

}  // namespace fx::rt
