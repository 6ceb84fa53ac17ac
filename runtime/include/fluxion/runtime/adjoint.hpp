// Kernels of the tensor adjoint primitives (src/ir/ops.def, "Tensor adjoints"): what the
// derivative rules of matmul, dot, conv2d, max_pool2d and the reductions emit. Each family
// is closed under differentiation (docs/tensors.md), so these are all a rule needs.
#pragma once
#include "fluxion/runtime/reduce.hpp"
#include "fluxion/runtime/shape.hpp"
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// y = matmul(a, b) (or dot(a, b), where a rank-0 operand multiplies): the cotangents of a and
// b for y's cotangent ct, in the shapes of a and b (summed over broadcast batch axes).
Tensor matmul_vjp_a(const Tensor& ct, const Tensor& b, const Shape& a_shape);
Tensor matmul_vjp_b(const Tensor& a, const Tensor& ct, const Shape& b_shape);
// acc + matmul_vjp_a(ct, b, acc's shape) and acc + matmul_vjp_b(a, ct, acc's shape): a
// derivative accumulated over a loop's iterations. Where the cotangent is one matrix product
// (no batch axes; a matrix operand of a matrix or of a vector), it is added into acc by
// matmul_add; otherwise the plain sum.
Tensor matmul_vjp_a_add(const Tensor& ct, const Tensor& b, Tensor acc);
Tensor matmul_vjp_b_add(const Tensor& a, const Tensor& ct, Tensor acc);

// y = conv2d(x, w, stride, padding): the cotangents of x and w.
Tensor conv2d_vjp_x(const Tensor& ct, const Tensor& w, const Shape& x_shape, int64_t stride, int64_t padding);
Tensor conv2d_vjp_w(const Tensor& x, const Tensor& ct, const Shape& w_shape, int64_t stride, int64_t padding);

// max_pool2d(x, k)'s adjoint pieces: the weight of each element of x in its window's maximum
// (1 / number of tied maxima, 0 elsewhere; elements in dropped rows/columns are 0), the
// spreading of a pooled tensor over its windows in a tensor of x_shape, and its transpose.
Tensor pool_weights(const Tensor& x, int64_t k);
Tensor upsample(const Tensor& ct, int64_t k, const Shape& x_shape);
Tensor pool_sum(const Tensor& x, int64_t k);

// The cotangent ct of reduce(x, axis, keepdims) read back in x's shape: the reduced axis
// (or every axis) re-inserted and broadcast. The transpose of sum(., axis, keepdims).
Tensor expand_reduced(const Tensor& ct, const Shape& x_shape, Axis axis, bool keepdims);

}  // namespace fx::rt
