// Elementwise f64 operations computed into the storage of a tensor operand that dies at them
// (docs/codegen.md "Ownership"): the emission, and where it applies.
#pragma once
#include "codegen/prims.hpp"

namespace fx::codegen {

// Is s an elementwise f64 operation on tensors whose handed-over operand has the result's type?
bool in_place_site(const PrimSite& s);
// Its emission: the loop into the operand when it is unique and every tensor operand has its
// layout, the runtime (taking the operand) otherwise.
Emitted elementwise_in_place(const PrimSite& s);

}  // namespace fx::codegen
