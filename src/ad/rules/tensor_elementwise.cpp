// Elementwise tensor primitives beyond the scalar core (clip, where), dtype conversion, and
// the broadcasting adjoints unbroadcast / broadcast_like, which are each other's transposes.
// Operands broadcast: cotangents are summed down to each operand (rule_util.hpp, give_ub).
#include "ad/rule_context.hpp"
#include "ad/rules/rule_util.hpp"
#include "ad/rules/rules.hpp"
#include "types/type.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace tensor_elementwise_rules {

using namespace rule_util;

// clip(x, lo, hi) = minimum(maximum(x, lo), hi), elementwise. With m = maximum(x, lo): the
// result is hi where m > hi, else x where x >= lo, else lo (ties go to x, then to m).
struct ClipWeights {
  Node *x, *lo, *hi;
};
ClipWeights clip_weights(Emitter& e, Node* x, Node* lo, Node* hi) {
  Node* m = e.op(Prim::Maximum, {x, lo});
  Node* w_hi = mask(e, Prim::Gt, m, hi);
  Node* w_m = mask(e, Prim::Le, m, hi);
  return {mul(e, w_m, mask(e, Prim::Ge, x, lo)), mul(e, w_m, mask(e, Prim::Lt, x, lo)), w_hi};
}
void jvp_clip(JvpCtx& c) {
  Node* y = c.primal();
  ClipWeights w = clip_weights(c.e, c.in(0), c.in(1), c.in(2));
  Node* t = nullptr;
  Node* weights[3] = {w.x, w.lo, w.hi};
  for (size_t i = 0; i < 3; ++i)
    if (Node* d = c.tan(i)) t = sum(c.e, t, mul(c.e, d, weights[i]));
  c.set(y, t);  // the weights have y's shape: no broadcast needed
}
void vjp_clip(VjpBackwardCtx& c) {
  ClipWeights w = clip_weights(c.e, c.in(0), c.in(1), c.in(2));
  Node* weights[3] = {w.x, w.lo, w.hi};
  for (size_t i = 0; i < 3; ++i)
    if (c.active(i)) give_ub(c, i, mul(c.e, c.ct(), weights[i]));
}

// where(cond, a, b): a's tangent where cond, b's elsewhere.
void jvp_where(JvpCtx& c) {
  Node* y = c.primal();
  Node* da = c.tan(1);
  Node* db = c.tan(2);
  Node* t = c.e.op(Prim::Where, {c.in(0), da ? da : c.e.f64(0.0), db ? db : c.e.f64(0.0)});
  c.set(y, da && db ? t : broadcast_to_result(c, da ? 1 : 2, t, y));
}
void vjp_where(VjpBackwardCtx& c) {
  if (c.active(1)) give_ub(c, 1, c.e.op(Prim::Where, {c.in(0), c.ct(), c.e.f64(0.0)}));
  if (c.active(2)) give_ub(c, 2, c.e.op(Prim::Where, {c.in(0), c.e.f64(0.0), c.ct()}));
}

// astype(x, dtype): linear between float dtypes; to i64 or bool, no derivative.
bool to_integer(const Node* dtype) {
  const std::string* name = string_constant(dtype);
  return name && (*name == "i64" || *name == "bool");
}
void jvp_astype(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, to_integer(c.node->arg(1)) ? nullptr : reapply(c, 0, c.tan(0)));
}
void vjp_astype(VjpBackwardCtx& c) {
  if (to_integer(c.node->arg(1)) || !c.active(0)) return;
  // Back to x's float dtype when it is known; otherwise the cotangent keeps y's.
  const Node* x = c.node->arg(0);
  const types::Type* dtype = x->type ? types::dtype_of(x->type) : nullptr;
  const char* name = !dtype ? nullptr : dtype->kind == types::TypeKind::F32 ? "f32"
                                      : dtype->kind == types::TypeKind::F64 ? "f64" : nullptr;
  Node* ct = c.ct();
  c.give(0, name ? c.e.op(Prim::AsType, {ct, c.e.cst(std::string(name))}) : ct);
}

// unbroadcast(x, like) and broadcast_like(x, like): linear in x, mutual transposes.
void vjp_unbroadcast(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::BroadcastLike, {c.ct(), c.in(0)}));
}
void vjp_broadcast_like(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::Unbroadcast, {c.ct(), c.in(0)}));
}

}  // namespace tensor_elementwise_rules

void register_tensor_elementwise_rules(Registry& r) {
  using namespace tensor_elementwise_rules;
  r.set_jvp(Prim::Clip, jvp_clip);
  r.set_vjp(Prim::Clip, vjp_clip);
  r.set_jvp(Prim::Where, jvp_where);
  r.set_vjp(Prim::Where, vjp_where);
  r.set_passive(Prim::Where, 0);
  r.set_jvp(Prim::AsType, jvp_astype);
  r.set_vjp(Prim::AsType, vjp_astype);
  r.set_passive(Prim::AsType, 1);
  r.set_jvp(Prim::Unbroadcast, jvp_linear);
  r.set_vjp(Prim::Unbroadcast, vjp_unbroadcast);
  r.set_passive(Prim::Unbroadcast, 1);
  r.set_jvp(Prim::BroadcastLike, jvp_linear);
  r.set_vjp(Prim::BroadcastLike, vjp_broadcast_like);
  r.set_passive(Prim::BroadcastLike, 1);
}

}  // namespace fx::ad
