// The reverse-mode transform J (docs/ad.md §3): for a closed graph G(env, x1..xn) → y,
// J(G)(env, x1..xn) → (y, pullback) with pullback = make_closure(G[J][back], residuals) and
// G[J][back](residuals, ct) → (ct_env, ct_x1, ..., ct_xn). The forward sweep copies G, calling
// function values through jfn and keeping their pullbacks; the backward sweep applies each
// primitive's VJP rule in reverse order. Adjoints are symbolic (adjoint.hpp): a node nobody
// gave a cotangent has none, and zeros are materialised only where a value is required.
#pragma once
#include "ad/context.hpp"

namespace fx::ad {

// Fills `dst` (created empty by Context::reverse) with J(src) and creates its pullback graph.
void build_reverse(Context& cx, ir::Graph* src, ir::Graph* dst);

}  // namespace fx::ad
