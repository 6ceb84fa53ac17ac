// The elementwise primitives whose f64 form is one C expression per element (codegen's
// prims_scalar.cpp), the same arithmetic as the runtime's kernels: what fusion puts in a loop
// (opt/fuse_elementwise.cpp) and what native code may compute into the storage of an operand
// that dies there (codegen/elementwise_loops.cpp).
#pragma once
#include "ir/ir.hpp"

namespace fx::ir {

bool elementwise_f64(Prim p);

}  // namespace fx::ir
