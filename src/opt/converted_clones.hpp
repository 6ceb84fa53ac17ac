// Calls of a typed clone's closure from derivative code, made direct (issue #13). A derivative
// operator's template calls the function it differentiates through its value: jacfwd runs the
// primal `call %f(x)` before its direction loop. When f is a lambda that captures values
// (`lambda v: micro_dot(v, w)`), its code is a clone nested in the function that made it, which
// reads w as a free variable: no graph of derivative code can call it directly, and the call
// stays a call through a value (the emitter reads the clone off f's type).
// Closure conversion is how derivative code already runs such code (the lambda's forward
// transform takes closure_env(f), the captured values in ad::Context::convert's order): a
// converted copy of the clone, cc(clone)(env, args...), whose free variables are read from
// env, is called with closure_env(f). The call is then direct: the inliner may open it, and
// nothing of f but its env is read.
#pragma once
#include <vector>

#include "ir/ir.hpp"
#include "opt/pass.hpp"

namespace fx::opt {

// The direct call that stands for call node n of derivative code graph g, a call through a
// typed clone's closure: `copy(closure_env(f), args...)`, with the closure_env appended to
// `before`; null when the clone is not known or not converted simply (nested graphs, calls
// through values, a graph constant of a nested graph, keyword arguments).
ir::Node* call_converted_clone(PassContext& ctx, ir::Graph* g, ir::Node* n, std::vector<ir::Node*>& before);

}  // namespace fx::opt
