// NumPy's advanced indexing along one axis: integer arrays (take) and boolean masks, and their
// updates (assignment, and np.add.at's unbuffered addition, the adjoint of take).
#pragma once
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// x.take(idx, axis): x with axis `axis` replaced by idx's axes, out.shape = x.shape[:axis] +
// idx.shape + x.shape[axis + 1:]. idx is i64; a negative index counts from the end; one out of
// range is a TensorError ("index 5 is out of range for axis 0 of size 3").
Tensor take(const Tensor& x, const Tensor& idx, int axis);

// The i64 positions of mask's true elements in row-major order (np.flatnonzero), shape (count,).
Tensor flatnonzero(const Tensor& mask);

// x[..., mask, ...] with mask over axes [axis, axis + mask.rank): those axes replaced by one, of
// the selected elements in row-major order. The mask's shape must equal those extents.
Tensor mask_select(const Tensor& x, const Tensor& mask, int axis);

// x with take(x, idx, axis) replaced by (add = false) or increased by (add = true) `value`,
// broadcast to take's shape and converted to x's dtype. Repeated indices: assignment keeps the
// last value, addition adds each (np.add.at). Writes in place when x is unique and contiguous.
Tensor put(Tensor x, const Tensor& idx, int axis, const Tensor& value, bool add);

// The same for a boolean mask over axes [axis, axis + mask.rank).
Tensor mask_put(Tensor x, const Tensor& mask, int axis, const Tensor& value, bool add);

}  // namespace fx::rt
