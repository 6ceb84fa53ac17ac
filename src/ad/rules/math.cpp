// Elementwise math family: exp log log1p expm1 sin cos tan tanh sqrt sigmoid softplus
// floor ceil abs sign relu maximum minimum, and the special functions lgamma digamma erf erfc
// (lgamma' = digamma, digamma' = trigamma; trigamma itself has no rules: differentiating it is
// the located error of a primitive without rules). JAX's values at the non-differentiable points:
// relu'(0) = 0, abs'(0) = 0, sign' = floor' = ceil' = 0, sqrt'(0) = inf, and maximum /
// minimum split the cotangent equally between tied arguments (summed down to each operand's
// shape when they broadcast: rule_util.hpp).
#include "ad/rule_context.hpp"
#include "ad/rules/rule_util.hpp"
#include "ad/rules/rules.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace math_rules {

using namespace rule_util;

// dy/dx as a function of x and y.
Node* d_exp(Emitter&, Node*, Node* y) { return y; }
Node* d_log(Emitter& e, Node* x, Node*) { return div(e, e.f64(1.0), x); }
Node* d_log1p(Emitter& e, Node* x, Node*) { return div(e, e.f64(1.0), sum(e, e.f64(1.0), x)); }
Node* d_expm1(Emitter& e, Node*, Node* y) { return sum(e, y, e.f64(1.0)); }
Node* d_sin(Emitter& e, Node* x, Node*) { return e.op(Prim::Cos, {x}); }
Node* d_cos(Emitter& e, Node* x, Node*) { return neg(e, e.op(Prim::Sin, {x})); }
Node* d_tan(Emitter& e, Node*, Node* y) { return sum(e, e.f64(1.0), mul(e, y, y)); }
Node* d_tanh(Emitter& e, Node*, Node* y) { return e.op(Prim::Sub, {e.f64(1.0), mul(e, y, y)}); }
Node* d_sqrt(Emitter& e, Node*, Node* y) { return div(e, e.f64(0.5), y); }  // inf at 0
Node* d_sigmoid(Emitter& e, Node*, Node* y) { return mul(e, y, e.op(Prim::Sub, {e.f64(1.0), y})); }
Node* d_softplus(Emitter& e, Node* x, Node*) { return e.op(Prim::Sigmoid, {x}); }
Node* d_lgamma(Emitter& e, Node* x, Node*) { return e.op(Prim::Digamma, {x}); }
Node* d_digamma(Emitter& e, Node* x, Node*) { return e.op(Prim::Trigamma, {x}); }
// erf'(x) = 2/sqrt(pi) exp(-x^2); erfc' = -erf'.
Node* d_erf(Emitter& e, Node* x, Node*) {
  return mul(e, e.f64(1.1283791670955126), e.op(Prim::Exp, {neg(e, mul(e, x, x))}));
}
Node* d_erfc(Emitter& e, Node* x, Node*) {
  return mul(e, e.f64(-1.1283791670955126), e.op(Prim::Exp, {neg(e, mul(e, x, x))}));
}
Node* d_abs(Emitter& e, Node* x, Node*) { return e.op(Prim::Sign, {x}); }  // 0 at 0
// relu passes its tangent or cotangent where x > 0 and 0 elsewhere (0 at 0): a `where` rather
// than a product with a float mask, so that it keeps the tangent's dtype (an f32 model's
// cotangents stay f32) and costs one pass. It tests y = relu(x), which is > 0 exactly where x
// is (NaN neither), as PyTorch's rule does: x is then read by relu alone, so `relu(a + b)`
// stays one fused loop in a gradient too, and reverse mode keeps y, which the next layer
// reads anyway, instead of x.
Node* relu_pass(Emitter& e, Node* y, Node* t) { return e.op(Prim::Where, {e.op(Prim::Gt, {y, e.i64(0)}), t, e.f64(0.0)}); }
void jvp_relu(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, c.tan(0) ? relu_pass(c.e, y, c.tan(0)) : nullptr);
}
void vjp_relu(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, relu_pass(c.e, c.out(), c.ct()));
}

// maximum / minimum: the weight of each argument, halved on ties.
Node* weight(Emitter& e, Prim wins, Node* self, Node* other) {
  Node* tie = mul(e, e.f64(0.5), mask(e, Prim::Eq, self, other));
  return sum(e, mask(e, wins, self, other), tie);
}

template <Prim Wins>
void jvp_extremum(JvpCtx& c) {
  Node* y = c.primal();
  Node* t = nullptr;
  if (Node* da = c.tan(0)) t = mul(c.e, da, weight(c.e, Wins, c.in(0), c.in(1)));
  if (Node* db = c.tan(1)) t = sum(c.e, t, mul(c.e, db, weight(c.e, Wins, c.in(1), c.in(0))));
  c.set(y, t);
}
template <Prim Wins>
void vjp_extremum(VjpBackwardCtx& c) {
  if (c.active(0)) give_ub(c, 0, mul(c.e, c.ct(), weight(c.e, Wins, c.in(0), c.in(1))));
  if (c.active(1)) give_ub(c, 1, mul(c.e, c.ct(), weight(c.e, Wins, c.in(1), c.in(0))));
}

template <Factor F, Reads R>
void unary(Registry& r, Prim p) {
  r.set_jvp(p, jvp_unary<F, R>);
  r.set_vjp(p, vjp_unary<F, R>);
}

}  // namespace math_rules

void register_math_rules(Registry& r) {
  using namespace math_rules;
  unary<d_exp, Reads::Y>(r, Prim::Exp);
  unary<d_log, Reads::X>(r, Prim::Log);
  unary<d_log1p, Reads::X>(r, Prim::Log1p);
  unary<d_expm1, Reads::Y>(r, Prim::Expm1);
  unary<d_sin, Reads::X>(r, Prim::Sin);
  unary<d_cos, Reads::X>(r, Prim::Cos);
  unary<d_tan, Reads::Y>(r, Prim::Tan);
  unary<d_tanh, Reads::Y>(r, Prim::Tanh);
  unary<d_sqrt, Reads::Y>(r, Prim::Sqrt);
  unary<d_sigmoid, Reads::Y>(r, Prim::Sigmoid);
  unary<d_softplus, Reads::X>(r, Prim::Softplus);
  unary<d_abs, Reads::X>(r, Prim::Abs);
  unary<d_lgamma, Reads::X>(r, Prim::Lgamma);
  unary<d_digamma, Reads::X>(r, Prim::Digamma);
  unary<d_erf, Reads::X>(r, Prim::Erf);
  unary<d_erfc, Reads::X>(r, Prim::Erfc);
  r.set_jvp(Prim::Relu, jvp_relu);
  r.set_vjp(Prim::Relu, vjp_relu);
  r.set_zero(Prim::Floor);
  r.set_zero(Prim::Ceil);
  r.set_zero(Prim::Sign);
  r.set_jvp(Prim::Maximum, jvp_extremum<Prim::Gt>);
  r.set_vjp(Prim::Maximum, vjp_extremum<Prim::Gt>);
  r.set_jvp(Prim::Minimum, jvp_extremum<Prim::Lt>);
  r.set_vjp(Prim::Minimum, vjp_extremum<Prim::Lt>);
}

}  // namespace fx::ad
