// The derivative rules of every primitive, one file per family (docs/ad.md §5). Each file
// registers, for each of its primitives, a JVP rule and a VJP rule (rule_context.hpp says
// what they see). Primitives with a zero derivative register the zero rules (set_zero).
// Effects (print, assert, fail) need none: the transforms copy them and give no derivative.
#pragma once
#include "ad/context.hpp"
#include "ad/registry.hpp"

namespace fx::ad {

class Emitter;
class JvpCtx;
class VjpForwardCtx;
class VjpBackwardCtx;

void register_arithmetic_rules(Registry& r);  // add sub mul div floordiv mod pow neg
void register_math_rules(Registry& r);        // exp log ... abs sign relu maximum minimum
void register_comparison_rules(Registry& r);  // lt le gt ge eq ne not (zero derivative)
void register_conversion_rules(Registry& r);  // float int
void register_structure_rules(Registry& r);   // tuples, structs, variants
void register_control_rules(Registry& r);     // calls, if, while, make_closure, jfn, tfn, zeros_like, add_tangent
void register_list_rules(Registry& r);        // list_* (persistent stacks)
void register_ad_operator_rules(Registry& r); // grad ... custom_jvp, stop_gradient, grad_hook
void register_tensor_construct_rules(Registry& r);    // construction, random, len, index, set_index
void register_tensor_elementwise_rules(Registry& r);  // clip where astype unbroadcast broadcast_like
void register_tensor_reduce_rules(Registry& r);       // sum ... norm, expand_reduced
void register_tensor_linalg_rules(Registry& r);       // matmul dot (+ adjoints) outer ... diag
void register_tensor_nn_rules(Registry& r);           // softmax ... dropout, conv/pool adjoints
void register_fused_rules(Registry& r);               // fused (the optimiser's kernels): a call's rules

// tfn(f) (Forward) or jfn(f) (Reverse) of the function value `mapped` (the transform's copy
// of `source`, which may be null): folded to make_closure(T/J(code), env) when `source` is
// make_closure(@code, env) or a top-level function, so that calls of known functions need no
// transformation at run time.
ir::Node* transformed_fn(Emitter& e, Context& cx, Mode mode, const ir::Node* source, ir::Node* mapped);

// The rules of a call `callee(args...)`, for rules that rewrite their primitive into a call
// (jvp, vjp): `dcallee` and `dargs[i]` may be null (zero); `source_callee` (may be null) is
// the source node the callee comes from.
void jvp_of_call(JvpCtx& c, const ir::Node* source_callee, ir::Node* callee, ir::Node* dcallee,
                 const std::vector<ir::Node*>& args, const std::vector<ir::Node*>& dargs);
// Forward sweep of such a call: sets the primal and saves the pullback (saved(0)).
void vjp_forward_of_call(VjpForwardCtx& c, const ir::Node* source_callee, ir::Node* callee,
                         const std::vector<ir::Node*>& args);
// Backward sweep: applies saved(0) to the cotangent; returns the tuple (ct_callee, ct_arg...).
ir::Node* vjp_backward_of_call(VjpBackwardCtx& c, size_t nargs);

}  // namespace fx::ad
