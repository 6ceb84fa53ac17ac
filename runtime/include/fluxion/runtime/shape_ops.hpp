// Shape manipulation: transposes, reshapes, joining. Results are views where the layout allows.
#pragma once
#include <span>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// Reverses the axes (x.T); a tensor of rank < 2 is returned unchanged. A view.
Tensor transpose(const Tensor& x);
// Permutes the axes: result axis i is x's axis axes[i] (negative allowed). A view.
Tensor transpose(const Tensor& x, std::span<const int64_t> axes);

// Same elements in a new shape; at most one extent may be -1 (inferred). A view when x is
// contiguous. TensorError "cannot reshape a tensor of shape (2, 3) into shape (4, -1)".
Tensor reshape(const Tensor& x, const Shape& shape);
Tensor flatten(const Tensor& x);                     // reshape to (numel,)
Tensor expand_dims(const Tensor& x, int64_t axis);   // a new axis of extent 1; axis in [-r-1, r]
Tensor squeeze(const Tensor& x, int64_t axis);       // removes an axis of extent 1

// Joins tensors of equal shape except along `axis` (dtypes promote).
Tensor concat(std::span<const Tensor> xs, int64_t axis = 0);
// Joins tensors of equal shape along a new axis (axis in [-r-1, r]).
Tensor stack(std::span<const Tensor> xs, int64_t axis = 0);

}  // namespace fx::rt
