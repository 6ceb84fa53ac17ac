// AD operators family: stop_gradient, grad_hook, and the derivative operators themselves,
// so that a function that differentiates can itself be differentiated (nesting).
//
//  * grad(f, argnums), ..., checkpoint(f), custom_vjp(f, fwd, bwd), custom_jvp(f, rule)
//    evaluate to a derived function whose env is the tuple of the primitive's arguments
//    (docs/ad.md §4): its tangent/cotangent is that tuple's.
//  * jvp(f, primals, tangents) and vjp(f, x...) are calls of the generic codes "jvp" and
//    "vjp" over env (f,): their rules are those of that call.
#include "ad/context.hpp"
#include "ad/rule_context.hpp"
#include "ad/rules/rules.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace ad_operator_rules {

// grad_hook(x, h): the identity, whose cotangent g becomes h(g).
void jvp_grad_hook(JvpCtx& c) { c.set(c.primal(), c.tan(0)); }
void vjp_grad_hook(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.call(c.in(1), {c.ct()}));
}

// A derived function value: env = (its arguments...).
void jvp_derived(JvpCtx& c) {
  Node* y = c.primal();
  std::vector<Node*> dt;
  for (size_t i = 0; i < c.num_args(); ++i) dt.push_back(c.tan_or_zero(i));
  c.set(y, c.e.tuple(std::move(dt)));
}
void vjp_derived(VjpBackwardCtx& c) {
  for (size_t i = 0; i < c.node->num_args(); ++i)
    if (c.active(i)) c.give(i, c.ct_part(PartKey::at(static_cast<int64_t>(i))));
}

// jvp(f, primals, tangents) / vjp(f, x...): calls of make_closure("jvp"|"vjp", (f,)).
const char* generic_code(const Node* n) { return n->is_prim_apply(Prim::Jvp) ? "jvp" : "vjp"; }

void jvp_apply_generic(JvpCtx& c) {
  Node* d = c.e.generic(generic_code(c.node), {c.in(0)});
  Node* dd = c.tan(0) ? c.e.tuple({c.tan(0)}) : nullptr;
  std::vector<Node*> args, dargs;
  for (size_t i = 1; i < c.num_args(); ++i) {
    args.push_back(c.in(i));
    dargs.push_back(c.tan_or_zero(i));
  }
  jvp_of_call(c, nullptr, d, dd, args, dargs);
}
void vjp_apply_generic_forward(VjpForwardCtx& c) {
  Node* d = c.e.generic(generic_code(c.node), {c.in(0)});
  std::vector<Node*> args;
  for (size_t i = 1; i < c.node->num_args(); ++i) args.push_back(c.in(i));
  vjp_forward_of_call(c, nullptr, d, args);
}
void vjp_apply_generic_backward(VjpBackwardCtx& c) {
  size_t n = c.node->num_args();
  Node* cts = vjp_backward_of_call(c, n - 1);
  if (c.active(0)) {
    Node* ct_env = c.e.get(cts, 0);
    c.cx.note_arity(ct_env, 1);
    c.give(0, c.e.get(ct_env, 0));
  }
  for (size_t i = 1; i < n; ++i)
    if (c.active(i)) c.give(i, c.e.get(cts, static_cast<int64_t>(i)));
}

}  // namespace ad_operator_rules

void register_ad_operator_rules(Registry& r) {
  using namespace ad_operator_rules;
  r.set_zero(Prim::StopGradient);
  r.set_jvp(Prim::GradHook, jvp_grad_hook);
  r.set_vjp(Prim::GradHook, vjp_grad_hook);
  r.set_passive(Prim::GradHook, 1);
  for (Prim p : {Prim::Grad, Prim::ValueAndGrad, Prim::Jacfwd, Prim::Jacrev, Prim::Hessian}) {
    r.set_jvp(p, jvp_derived);
    r.set_vjp(p, vjp_derived);
    r.set_passive(p, 1);  // argnums
  }
  for (Prim p : {Prim::Derivative, Prim::Checkpoint, Prim::CustomVjp, Prim::CustomJvp}) {
    r.set_jvp(p, jvp_derived);
    r.set_vjp(p, vjp_derived);
  }
  for (Prim p : {Prim::Jvp, Prim::Vjp}) {
    r.set_jvp(p, jvp_apply_generic);
    r.set_vjp(p, vjp_apply_generic_backward, vjp_apply_generic_forward);
  }
}

}  // namespace fx::ad
