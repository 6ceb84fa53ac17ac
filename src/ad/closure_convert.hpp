// Closure conversion (docs/ad.md §1). AD never transforms a nested graph in place:
// Context::convert(g) returns cc(g), a closed top-level graph with parameters (env, x1..xn)
// where env is the tuple of g's free variables — every node outside g's subtree that g, a
// graph nested in g, or a nested graph they refer to by constant (siblings, for mutual
// recursion) uses — in the order recorded in Converted::free_vars (by node id). The two
// branches of one `if` share their free variables (the union), so that both closures have
// envs of the same layout.
//
// Inside cc(g), a free variable becomes tuple_get(env, i), and a constant of a nested graph h
// becomes make_closure(cc(h), make_tuple(h's free variables as seen from here)). Top-level
// graph constants stay as they are (plain functions, env ()). Keyword calls to a callee whose
// graph is known (a constant, or a typed closure) are put in positional order, because the
// transforms pass arguments positionally.
#pragma once
#include <vector>

#include "ad/context.hpp"

namespace fx::ad {

// g's free variables (see above), sorted by node id.
std::vector<const ir::Node*> free_variables(const ir::Module& m, const ir::Graph* g);

}  // namespace fx::ad
