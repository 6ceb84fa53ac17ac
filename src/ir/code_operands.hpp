// Operands that name code instead of passing a value: closure_at's clones and closure_is's
// code (ops.def). They are graph constants that are never evaluated as closures, so they may
// name a typed clone from anywhere (a nested one outside its parent), and they are no reads
// of the graphs they name (free variables, closure envs).
#pragma once
#include <cstddef>

#include "ir/ir.hpp"

namespace fx::ir {

// Is input `k` of n (0 is the callee) a code reference?
inline bool is_code_operand(const Node* n, size_t k) {
  if (n->is_prim_apply(Prim::ClosureAt)) return k >= 2;
  if (n->is_prim_apply(Prim::ClosureIs)) return k == 2;
  return false;
}

// How many of n's inputs, from the first, are values (the code references come last).
inline size_t value_inputs(const Node* n) {
  size_t k = 0;
  while (k < n->inputs.size() && !is_code_operand(n, k)) ++k;
  return k;
}

}  // namespace fx::ir
