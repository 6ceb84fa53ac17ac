// The forward-mode transform T (docs/ad.md §2): for a closed graph G(env, x1..xn) → y,
// T(G)(env, denv, x1, dx1, ..., xn, dxn) → (y, dy). Each node maps to a primal node and a
// tangent node, absent where the tangent is zero (symbolic zeros); each primitive's JVP rule
// comes from the registry, calls of function values go through tfn.
#pragma once
#include <string>

#include "ad/context.hpp"

namespace fx::ad {

// Fills `dst` (created empty by Context::forward) with T(src).
void build_forward(Context& cx, ir::Graph* src, ir::Graph* dst);

// "f[T]": the name of a transformed graph (see context.cpp).
std::string transformed_name(const std::string& name, const std::string& mark);

}  // namespace fx::ad
