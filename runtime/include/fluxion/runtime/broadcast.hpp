// NumPy broadcasting, and its adjoint for gradients.
#pragma once
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// The shape both operands broadcast to; TensorError "cannot broadcast shapes (3, 2) and (4,)".
Shape broadcast_shapes(const Shape& a, const Shape& b);

// Whether a tensor of shape `from` can be read as `to` (broadcast_to would succeed).
bool broadcasts_to(const Shape& from, const Shape& to);

// A view of x read as `shape` (zero strides along broadcast axes); no copy.
// TensorError "cannot broadcast shape (3,) to (4, 2)".
Tensor broadcast_to(const Tensor& x, const Shape& shape);

// The adjoint of broadcast_to: sums x over the axes that broadcasting `shape` to x.shape() added
// or stretched, giving a tensor of `shape`. x itself when the shapes are equal.
// TensorError when `shape` does not broadcast to x.shape(), or x is bool.
Tensor sum_to_shape(const Tensor& x, const Shape& shape);

}  // namespace fx::rt
