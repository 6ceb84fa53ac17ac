// Arithmetic family: add sub mul div floordiv mod pow neg (matmul: tensor_linalg.cpp). On
// tensors the operands broadcast: cotangents are summed down to each operand's shape and a
// lone tangent is read in the result's shape (rule_util.hpp, give_ub / broadcast_to_result).
#include "ad/rule_context.hpp"
#include "ad/rules/rule_util.hpp"
#include "ad/rules/rules.hpp"
#include "ad/typeinfo.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace arithmetic_rules {

using namespace rule_util;

void jvp_add(JvpCtx& c) {
  Node* y = c.primal();
  Node* da = c.tan(0);
  Node* db = c.tan(1);
  c.set(y, da && db ? sum(c.e, da, db) : da ? broadcast_to_result(c, 0, da, y) : broadcast_to_result(c, 1, db, y));
}
void vjp_add(VjpBackwardCtx& c) {
  Node* ct = c.ct();
  give_ub(c, 0, ct);
  give_ub(c, 1, ct);
}

void jvp_sub(JvpCtx& c) {
  Node* da = c.tan(0);
  Node* db = c.tan(1);
  Node* y = c.primal();
  c.set(y, !db   ? broadcast_to_result(c, 0, da, y)
           : !da ? broadcast_to_result(c, 1, neg(c.e, db), y)
                 : c.e.op(Prim::Sub, {da, db}));
}
void vjp_sub(VjpBackwardCtx& c) {
  give_ub(c, 0, c.ct());
  if (c.active(1)) give_ub(c, 1, neg(c.e, c.ct()));
}

void jvp_mul(JvpCtx& c) {
  Node* y = c.primal();
  Node* t = nullptr;
  if (Node* da = c.tan(0)) t = mul(c.e, da, c.in(1));
  if (Node* db = c.tan(1)) t = sum(c.e, t, mul(c.e, c.in(0), db));
  c.set(y, t);
}
void vjp_mul(VjpBackwardCtx& c) {
  if (c.active(0)) give_ub(c, 0, mul(c.e, c.ct(), c.in(1)));
  if (c.active(1)) give_ub(c, 1, mul(c.e, c.in(0), c.ct()));
}

// y = a / b: dy = da / b - y * db / b.
void jvp_div(JvpCtx& c) {
  Node* y = c.primal();
  Node* t = nullptr;
  if (Node* da = c.tan(0)) t = div(c.e, da, c.in(1));
  if (Node* db = c.tan(1)) {
    Node* d = div(c.e, mul(c.e, y, db), c.in(1));
    t = t ? c.e.op(Prim::Sub, {t, d}) : neg(c.e, d);
  }
  c.set(y, t);
}
void vjp_div(VjpBackwardCtx& c) {
  if (c.active(0)) give_ub(c, 0, div(c.e, c.ct(), c.in(1)));
  if (c.active(1)) give_ub(c, 1, neg(c.e, div(c.e, mul(c.e, c.ct(), c.out()), c.in(1))));
}

// a mod b = a - floor(a / b) * b: d/da = 1, d/db = -floor(a / b) (JAX).
void jvp_mod(JvpCtx& c) {
  Node* y = c.primal();
  Node* t = c.tan(0);
  if (Node* db = c.tan(1)) {
    Node* d = mul(c.e, db, c.e.op(Prim::FloorDiv, {c.in(0), c.in(1)}));
    t = t ? c.e.op(Prim::Sub, {t, d}) : neg(c.e, d);
  } else {
    t = broadcast_to_result(c, 0, t, y);
  }
  c.set(y, t);
}
void vjp_mod(VjpBackwardCtx& c) {
  give_ub(c, 0, c.ct());
  if (c.active(1)) give_ub(c, 1, neg(c.e, mul(c.e, c.ct(), c.e.op(Prim::FloorDiv, {c.in(0), c.in(1)}))));
}

// y = a ** b. d/da = b * a ** (b - 1), taken as 0 where b == 0 (JAX: x ** 0 is constant);
// d/db = y * log(a), taken as 0 where a == 0 (JAX). The base is converted to f64 so that
// an integer base with exponent 0 does not raise a negative integer power.
// The exponent b - 1 stays what b is: a constant for a constant (folded here) and an i64 for
// an i64. Were it a computed f64, a higher-order transform reading it back from the
// residuals would give it a tangent (zero, but multiplied by log(a): nan for a < 0), so
// cube's third derivative at -2 would be nan (docs/ad.md §6).
Node* pow_exponent_minus_one(Emitter& e, Node* b) {
  if (b->is_constant()) {
    if (const int64_t* k = std::get_if<int64_t>(&b->value)) return e.i64(*k == 0 ? 0 : *k - 1);
    if (const double* k = std::get_if<double>(&b->value)) return e.f64(*k == 0.0 ? 0.0 : *k - 1.0);
  }
  if (typed_i64(b)) {
    Node* one_unless_zero = e.op(Prim::ToI64, {e.op(Prim::Ne, {b, e.i64(0)})});
    Node* exponent = e.op(Prim::Sub, {b, one_unless_zero});
    one_unless_zero->type = b->type;
    exponent->type = b->type;
    return exponent;
  }
  return e.op(Prim::Sub, {b, mask(e, Prim::Ne, b, e.i64(0))});
}
Node* pow_d_base(Emitter& e, Node* a, Node* b) {
  return mul(e, b, e.op(Prim::Pow, {e.op(Prim::ToF64, {a}), pow_exponent_minus_one(e, b)}));
}
Node* pow_d_exponent(Emitter& e, Node* a, Node* y) {
  return mul(e, y, e.op(Prim::Log, {sum(e, a, mask(e, Prim::Eq, a, e.i64(0)))}));
}
void jvp_pow(JvpCtx& c) {
  Node* y = c.primal();
  Node* t = nullptr;
  if (Node* da = c.tan(0)) t = mul(c.e, da, pow_d_base(c.e, c.in(0), c.in(1)));
  if (Node* db = c.tan(1)) t = sum(c.e, t, mul(c.e, db, pow_d_exponent(c.e, c.in(0), y)));
  c.set(y, t);
}
void vjp_pow(VjpBackwardCtx& c) {
  if (c.active(0)) give_ub(c, 0, mul(c.e, c.ct(), pow_d_base(c.e, c.in(0), c.in(1))));
  if (c.active(1)) give_ub(c, 1, mul(c.e, c.ct(), pow_d_exponent(c.e, c.in(0), c.out())));
}

void jvp_neg(JvpCtx& c) { c.set(c.primal(), neg(c.e, c.tan(0))); }
void vjp_neg(VjpBackwardCtx& c) { c.give(0, neg(c.e, c.ct())); }

}  // namespace arithmetic_rules

void register_arithmetic_rules(Registry& r) {
  using namespace arithmetic_rules;
  r.set_jvp(Prim::Add, jvp_add);
  r.set_vjp(Prim::Add, vjp_add);
  r.set_jvp(Prim::Sub, jvp_sub);
  r.set_vjp(Prim::Sub, vjp_sub);
  r.set_jvp(Prim::Mul, jvp_mul);
  r.set_vjp(Prim::Mul, vjp_mul);
  r.set_jvp(Prim::Div, jvp_div);
  r.set_vjp(Prim::Div, vjp_div);
  r.set_zero(Prim::FloorDiv);  // piecewise constant
  r.set_jvp(Prim::Mod, jvp_mod);
  r.set_vjp(Prim::Mod, vjp_mod);
  r.set_jvp(Prim::Pow, jvp_pow);
  r.set_vjp(Prim::Pow, vjp_pow);
  r.set_jvp(Prim::Neg, jvp_neg);
  r.set_vjp(Prim::Neg, vjp_neg);
}

}  // namespace fx::ad
