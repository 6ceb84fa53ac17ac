// What the AD transforms read from inferred types (src/types/) when nodes have them:
// integers, booleans, strings and None carry no derivative, and tuple sizes. Untyped nodes
// (hand-built IR, the transforms' own output) are treated as possibly differentiable.
#pragma once
#include "ir/ir.hpp"

namespace fx::ad {

// Is n typed as a value without derivative (i64, bool, str, None)?
bool has_no_derivative(const ir::Node* n);
// Is n typed f64 / i64?
bool typed_f64(const ir::Node* n);
bool typed_i64(const ir::Node* n);
// Does g carry inferred types (a specialisation made by type inference, or its conversion)?
bool graph_is_typed(const ir::Graph* g);
// The element count of n's tuple type, or -1.
int typed_tuple_arity(const ir::Node* n);

}  // namespace fx::ad
