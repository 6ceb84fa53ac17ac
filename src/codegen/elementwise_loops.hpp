// Elementwise f64 operations on tensors as C loops: into the storage of a tensor operand that
// dies at them (docs/codegen.md "Ownership"), or into a new tensor; the emissions, and where
// they apply.
#pragma once
#include "codegen/prims.hpp"

namespace fx::codegen {

// Is s an elementwise f64 operation on tensors whose handed-over operand has the result's type?
bool in_place_site(const PrimSite& s);
// Its emission: the loop into the operand when it is unique and every tensor operand has its
// layout, the runtime (taking the operand) otherwise.
Emitted elementwise_in_place(const PrimSite& s);
// Is s such an operation whose operands are f64 tensors and numbers, none handed over?
bool new_tensor_site(const PrimSite& s);
// Its emission: the loop into a new tensor of the first tensor operand's shape when every
// tensor operand has that layout, the runtime otherwise.
Emitted elementwise_new_tensor(const PrimSite& s);

}  // namespace fx::codegen
