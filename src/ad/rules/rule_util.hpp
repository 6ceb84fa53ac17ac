// Shorthands shared by the rule files.
#pragma once
#include "ad/emit.hpp"
#include "ad/rule_context.hpp"

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
// float(c) for a bool c: 1.0 or 0.0 (masks for piecewise derivatives).
inline ir::Node* mask(Emitter& e, ir::Prim cmp, ir::Node* a, ir::Node* b) {
  return e.op(ir::Prim::ToF64, {e.op(cmp, {a, b})});
}

// Rules of a unary primitive whose derivative is a factor: dy = dx * factor(x, y).
template <ir::Node* (*Factor)(Emitter&, ir::Node* x, ir::Node* y)>
void jvp_unary(JvpCtx& c) {
  ir::Node* y = c.primal();
  c.set(y, mul(c.e, c.tan(0), Factor(c.e, c.in(0), y)));
}
template <ir::Node* (*Factor)(Emitter&, ir::Node* x, ir::Node* y)>
void vjp_unary(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, mul(c.e, c.ct(), Factor(c.e, c.in(0), c.out())));
}

}  // namespace fx::ad::rule_util
