// Derivative rules of fused(@kernel, x1, ..., xn) (ops.def): the node means kernel(x1, ..., xn),
// so its rules are those of that call. The transforms differentiate the kernel graph (a chain
// of elementwise primitives, perhaps ending in a sum) like any callee, through the rules of
// the primitives inside it; the kernel itself is code, not a value, and gets no cotangent.
#include "ad/rule_context.hpp"
#include "ad/rules/rules.hpp"

namespace fx::ad {

namespace {

void jvp_fused(JvpCtx& c) {
  std::vector<ir::Node*> args, dargs;
  for (size_t i = 1; i < c.num_args(); ++i) {
    args.push_back(c.in(i));
    dargs.push_back(c.tan_or_zero(i));
  }
  jvp_of_call(c, c.node->arg(0), c.in(0), nullptr, args, dargs);
}

void vjp_fused_forward(VjpForwardCtx& c) {
  std::vector<ir::Node*> args;
  for (size_t i = 1; i < c.node->num_args(); ++i) args.push_back(c.in(i));
  vjp_forward_of_call(c, c.node->arg(0), c.in(0), args);
}

// The pullback gives (ct_kernel, ct_x1, ..., ct_xn): operand i of the node is element i.
void vjp_fused_backward(VjpBackwardCtx& c) {
  ir::Node* cts = vjp_backward_of_call(c, c.num_args() - 1);
  for (size_t i = 1; i < c.num_args(); ++i)
    if (c.active(i)) c.give(i, c.e.get(cts, static_cast<int64_t>(i)));
}

}  // namespace

void register_fused_rules(Registry& r) {
  r.set_jvp(ir::Prim::Fused, jvp_fused);
  r.set_vjp(ir::Prim::Fused, vjp_fused_backward, vjp_fused_forward);
  r.set_passive(ir::Prim::Fused, 0);
}

}  // namespace fx::ad
