// What the AD transforms read from inferred types (src/types/) when nodes have them:
// integers, booleans, strings and None carry no derivative (nor do tensors of them), tuple
// sizes, and the shapes the broadcasting rules need. Untyped nodes (hand-built IR, the
// transforms' own output) are treated as possibly differentiable, of unknown shape.
#pragma once
#include "ir/ir.hpp"

namespace fx::ad {

// Is n typed as a value without derivative (i64, bool, str, None, or a tensor of i64/bool)?
bool has_no_derivative(const ir::Node* n);
// Is n typed f64 / i64?
bool typed_f64(const ir::Node* n);
bool typed_i64(const ir::Node* n);
// Is n typed as an f32 scalar or a tensor of f32?
bool typed_f32_values(const ir::Node* n);
// Is n known to be a plain scalar (typed f64/i64/bool, or such a constant)? f32 scalars are
// rank-0 tensors at run time and do not count.
bool typed_scalar(const ir::Node* n);
// Are a and b known to have the same shape: both plain scalars, or tensors of one fully
// known shape?
bool same_shape(const ir::Node* a, const ir::Node* b);
// n's tensor rank when known (0 for a plain scalar), else -1.
int typed_rank(const ir::Node* n);
// Is n typed as a struct (not a tensor)?
bool typed_struct(const ir::Node* n);
// Is n typed as a tensor?
bool typed_tensor(const ir::Node* n);
// Does g carry inferred types (a specialisation made by type inference, or its conversion)?
bool graph_is_typed(const ir::Graph* g);
// The element count of n's tuple type, or -1.
int typed_tuple_arity(const ir::Node* n);

}  // namespace fx::ad
