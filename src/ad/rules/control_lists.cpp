// Control family, continued: the persistent stacks that reversed loops keep their pullbacks
// on. A list's tangent or cotangent is a list of the elements' tangents or cotangents; the
// cotangents of list_top and list_pop stay symbolic components (top, rest) of the list's
// adjoint, so reversing a reversed loop costs O(1) per iteration, not a list of zeros.
#include "ad/rule_context.hpp"
#include "ad/rules/rules.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace list_rules {

void jvp_push(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, c.e.op(Prim::ListPush, {c.tan_or_zero(0), c.tan_or_zero(1)}));
}
void vjp_push(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.ct_part(PartKey::rest()));
  if (c.active(1)) c.give(1, c.ct_part(PartKey::top()));
}

template <Prim P>
void jvp_read(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, c.e.op(P, {c.tan(0)}));
}
void vjp_top(VjpBackwardCtx& c) { c.give_part(0, PartKey::top(), c.ct()); }
void vjp_pop(VjpBackwardCtx& c) { c.give_part(0, PartKey::rest(), c.ct()); }

}  // namespace list_rules

void register_list_rules(Registry& r) {
  using namespace list_rules;
  r.set_zero(Prim::ListEmpty);
  r.set_jvp(Prim::ListPush, jvp_push);
  r.set_vjp(Prim::ListPush, vjp_push);
  r.set_jvp(Prim::ListTop, jvp_read<Prim::ListTop>);
  r.set_vjp(Prim::ListTop, vjp_top);
  r.set_jvp(Prim::ListPop, jvp_read<Prim::ListPop>);
  r.set_vjp(Prim::ListPop, vjp_pop);
  r.set_zero(Prim::ListIsEmpty);
  r.set_zero(Prim::ClosureIs);  // a bool: which code a function value holds
}

}  // namespace fx::ad
