// Shorthands shared by the rule files.
#pragma once
#include <string>
#include <variant>
#include <vector>

#include "ad/emit.hpp"
#include "ad/rule_context.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad::rule_util {

// a + b on numbers, where null is a symbolic zero.
inline ir::Node* sum(Emitter& e, ir::Node* a, ir::Node* b) {
  if (!a) return b;
  if (!b) return a;
  return e.op(ir::Prim::Add, {a, b});
}
inline ir::Node* mul(Emitter& e, ir::Node* a, ir::Node* b) { return e.op(ir::Prim::Mul, {a, b}); }
inline ir::Node* div(Emitter& e, ir::Node* a, ir::Node* b) { return e.op(ir::Prim::Div, {a, b}); }
inline ir::Node* neg(Emitter& e, ir::Node* a) { return e.op(ir::Prim::Neg, {a}); }
// cmp(a, b) as 1.0 or 0.0 (masks for piecewise derivatives): f32 when a is known to hold f32
// (an f32 model's cotangents then stay f32 instead of being promoted by an f64 mask), else f64.
inline ir::Node* mask(Emitter& e, ir::Prim cmp, ir::Node* a, ir::Node* b) {
  ir::Node* c = e.op(cmp, {a, b});
  if (typed_f32_values(a)) return e.op(ir::Prim::AsType, {c, e.cst(std::string("f32"))});
  return e.op(ir::Prim::ToF64, {c});
}

// ------------------------------------------------------------------ broadcasting (Tangent §5.1)
// An elementwise application y = p(x0, x1, ...) broadcasts its operands: a cotangent of y given
// to a smaller operand must be summed down to its shape, and a tangent of a smaller operand
// must be read in y's shape where nothing else broadcasts it. Neither is needed when operand i
// is known to have y's shape: both typed with one known shape, or every other operand a plain
// scalar (then y has x_i's shape). Typed scalar programs thus get no extra nodes.
inline bool shaped_like_result(const ir::Node* node, size_t i) {
  if (same_shape(node->arg(i), node)) return true;
  for (size_t j = 0; j < node->num_args(); ++j)
    if (j != i && !typed_scalar(node->arg(j))) return false;
  return true;
}
// unbroadcast(ct, x_i) unless x_i has y's shape.
inline ir::Node* unbroadcast_to(VjpBackwardCtx& c, size_t i, ir::Node* ct) {
  if (!ct || shaped_like_result(c.node, i)) return ct;
  return c.e.op(ir::Prim::Unbroadcast, {ct, c.in(i)});
}
// Gives ct (null: zero) to operand i, summed down to its shape.
inline void give_ub(VjpBackwardCtx& c, size_t i, ir::Node* ct) {
  if (ct && c.active(i)) c.give(i, unbroadcast_to(c, i, ct));
}
// The tangent t of operand i, alone, as y's tangent: broadcast_like(t, y) unless x_i has y's shape.
inline ir::Node* broadcast_to_result(JvpCtx& c, size_t i, ir::Node* t, ir::Node* y) {
  if (!t || shaped_like_result(c.node, i)) return t;
  return c.e.op(ir::Prim::BroadcastLike, {t, y});
}

// Reductions: op(x, axis, keepdims) with the application's own axis and keepdims nodes.
inline ir::Node* reduce(Emitter& e, ir::Prim op, ir::Node* x, ir::Node* axis, ir::Node* keepdims) {
  return e.op(op, {x, axis, keepdims});
}
// sum(x, axis, True): a reduction that broadcasts back against x.
inline ir::Node* sum_keep(Emitter& e, ir::Node* x, ir::Node* axis) {
  return e.op(ir::Prim::Sum, {x, axis, e.cst(true)});
}

// The primitive of the application a rule is transforming.
inline ir::Prim prim_of(const ir::Node* node) {
  ir::Prim p{};
  node->prim_callee(&p);
  return p;
}
// The application's arguments as mapped by the transform, argument `i` replaced by `with`.
template <class Ctx>
std::vector<ir::Node*> args_with(Ctx& c, size_t i, ir::Node* with) {
  std::vector<ir::Node*> args;
  for (size_t j = 0; j < c.node->num_args(); ++j) args.push_back(j == i ? with : c.in(j));
  return args;
}
// The primitive applied again to the mapped arguments, argument i replaced.
template <class Ctx>
ir::Node* reapply(Ctx& c, size_t i, ir::Node* with) {
  return c.e.op(prim_of(c.node), args_with(c, i, with));
}

// y = p(x, rest...), linear in x, the rest passive: dy = p(dx, rest...).
inline void jvp_linear(JvpCtx& c) { c.set(c.primal(), reapply(c, 0, c.tan(0))); }
// y = p(a, b, rest...), bilinear in (a, b), the rest passive: dy = p(da, b, ...) + p(a, db, ...).
inline void jvp_bilinear(JvpCtx& c) {
  ir::Node* y = c.primal();
  ir::Node* t = nullptr;
  if (ir::Node* da = c.tan(0)) t = reapply(c, 0, da);
  if (ir::Node* db = c.tan(1)) t = sum(c.e, t, reapply(c, 1, db));
  c.set(y, t);
}

// A string constant's text, or null.
inline const std::string* string_constant(const ir::Node* n) {
  return n->is_constant() ? std::get_if<std::string>(&n->value) : nullptr;
}

// Rules of a unary primitive whose derivative is a factor: dy = dx * factor(x, y). The
// factor reads x, y or both (`Reads`), so that the pullback keeps only what it uses.
enum class Reads { X, Y, XY };
using Factor = ir::Node* (*)(Emitter&, ir::Node* x, ir::Node* y);

template <Factor F, Reads R>
void jvp_unary(JvpCtx& c) {
  ir::Node* y = c.primal();
  c.set(y, mul(c.e, c.tan(0), F(c.e, R == Reads::Y ? nullptr : c.in(0), y)));
}
template <Factor F, Reads R>
void vjp_unary(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  ir::Node* x = R == Reads::Y ? nullptr : c.in(0);
  ir::Node* y = R == Reads::X ? nullptr : c.out();
  c.give(0, mul(c.e, c.ct(), F(c.e, x, y)));
}

}  // namespace fx::ad::rule_util
