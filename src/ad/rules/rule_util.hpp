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
