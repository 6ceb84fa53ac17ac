// max(x) and min(x) of a whole f64 tensor as a C loop (full_extremes.cpp).
#pragma once
#include "codegen/prims.hpp"

namespace fx::codegen {

// reduce_max or reduce_min at s: over every element of an f64 tensor to an f64, by a function
// of the generated file when the tensor is contiguous and not empty, by the runtime otherwise;
// any other reduction by the runtime.
Emitted full_extreme(const PrimSite& s);

}  // namespace fx::codegen
