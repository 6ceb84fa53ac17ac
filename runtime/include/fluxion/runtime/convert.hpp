// Conversions between dtypes and layouts.
#pragma once
#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

// The elements converted to `dtype` (x itself when it already has it). Floats convert to i64 by
// truncation toward zero; NaN, infinities and out-of-range values are a TensorError. Anything
// converts to bool as "nonzero".
Tensor astype(const Tensor& x, DType dtype);

// A new contiguous tensor owning a copy of x's elements.
Tensor copy(const Tensor& x);

// x itself when contiguous, otherwise copy(x).
Tensor contiguous(const Tensor& x);

}  // namespace fx::rt
