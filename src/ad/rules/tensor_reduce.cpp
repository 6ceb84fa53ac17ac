// Reductions op(x, axis, keepdims) and their adjoint expand_reduced (docs/tensors.md
// "Derivatives"). Each rule is a weighting of x's elements: sum (weight 1), mean (1/n), prod
// (the product of the others), max and min (1/ties at the extremes, as JAX), logsumexp
// (softmax), norm (x/y). The tangent is sum(dx * w, axis, keepdims); the cotangent
// expand_reduced(ct, x, axis, keepdims) * w.
#include "ad/rule_context.hpp"
#include "ad/rules/rule_util.hpp"
#include "ad/rules/rules.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace tensor_reduce_rules {

using namespace rule_util;

// The operands of a reduction as one value: x, its axis and keepdims nodes.
struct Reduction {
  Node *x, *axis, *keepdims;
  // v (of the reduced shape) read back in x's shape.
  Node* expand(Emitter& e, Node* v) const { return e.op(Prim::ExpandReduced, {v, x, axis, keepdims}); }
  Node* sum(Emitter& e, Node* v) const { return e.op(Prim::Sum, {v, axis, keepdims}); }
};
template <class Ctx>
Reduction reduction(Ctx& c) {
  return {c.in(0), c.in(1), c.in(2)};
}

// The weights of x's elements, given x and y (the reduction's result) and the reduction.
using Weights = Node* (*)(Emitter&, const Reduction&, Node* y);

// prod: the product of the other elements of each reduced group, zeros included (y / x would
// be nan there). With nz = x where x != 0 and 1 where x == 0, P = prod(nz) and c the number of
// zeros in the group, the weight is
//   c == 0: P / nz;   c == 1: P at the zero, xz * P / nz elsewhere;   c >= 2: 0,
// where xz = sum(x at the zeros) is 0 but carries the zero element's derivative: second
// derivatives are then exact where a group has at most one zero (with two or more, the first
// derivative is exact and the second misses the products of the other nonzeros).
Node* w_prod(Emitter& e, const Reduction& r, Node* y) {
  Node* is_zero = e.op(Prim::Eq, {r.x, e.f64(0.0)});
  Node* nz = e.op(Prim::Where, {is_zero, e.f64(1.0), r.x});
  Node* p = r.expand(e, e.op(Prim::Prod, {nz, r.axis, r.keepdims}));
  Node* count = r.expand(e, r.sum(e, e.op(Prim::Where, {is_zero, e.f64(1.0), e.f64(0.0)})));
  Node* xz = r.expand(e, r.sum(e, e.op(Prim::Where, {is_zero, r.x, e.f64(0.0)})));
  Node* others = div(e, p, nz);
  Node* one_zero = e.op(Prim::Where, {is_zero, p, mul(e, xz, others)});
  Node* some_zeros = e.op(Prim::Where, {e.op(Prim::Eq, {count, e.f64(1.0)}), one_zero, e.f64(0.0)});
  return e.op(Prim::Where, {e.op(Prim::Eq, {count, e.f64(0.0)}), others, some_zeros});
}
// max/min: the elements equal to the extreme, sharing equally among ties.
Node* w_extreme(Emitter& e, const Reduction& r, Node* y) {
  Node* hit = mask(e, Prim::Eq, r.x, r.expand(e, y));
  return div(e, hit, r.expand(e, r.sum(e, hit)));
}
Node* w_logsumexp(Emitter& e, const Reduction& r, Node* y) {
  return e.op(Prim::Exp, {e.op(Prim::Sub, {r.x, r.expand(e, y)})});
}
Node* w_norm(Emitter& e, const Reduction& r, Node* y) { return div(e, r.x, r.expand(e, y)); }

template <Weights W>
void jvp_weighted(JvpCtx& c) {
  Node* y = c.primal();
  Reduction r = reduction(c);
  c.set(y, r.sum(c.e, mul(c.e, c.tan(0), W(c.e, r, y))));
}
template <Weights W>
void vjp_weighted(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  Reduction r = reduction(c);
  c.give(0, mul(c.e, r.expand(c.e, c.ct()), W(c.e, r, c.out())));
}

void vjp_sum(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, reduction(c).expand(c.e, c.ct()));
}
// mean: ct / n spread over the n reduced elements (n counted as a sum of ones of x's shape).
void vjp_mean(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  Reduction r = reduction(c);
  Node* ones = c.e.op(Prim::Add, {c.e.op(Prim::ZerosLike, {r.x}), c.e.f64(1.0)});
  c.give(0, r.expand(c.e, div(c.e, c.ct(), r.sum(c.e, ones))));
}

// expand_reduced(ct, x, axis, keepdims): linear in ct; its transpose is sum(., axis, keepdims).
void vjp_expand_reduced(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::Sum, {c.ct(), c.in(2), c.in(3)}));
}

void passive_axis(Registry& r, Prim p) {
  r.set_passive(p, 1);
  r.set_passive(p, 2);
}

}  // namespace tensor_reduce_rules

void register_tensor_reduce_rules(Registry& r) {
  using namespace tensor_reduce_rules;
  r.set_jvp(Prim::Sum, jvp_linear);
  r.set_vjp(Prim::Sum, vjp_sum);
  r.set_jvp(Prim::Mean, jvp_linear);
  r.set_vjp(Prim::Mean, vjp_mean);
  r.set_jvp(Prim::Prod, jvp_weighted<w_prod>);
  r.set_vjp(Prim::Prod, vjp_weighted<w_prod>);
  r.set_jvp(Prim::ReduceMax, jvp_weighted<w_extreme>);
  r.set_vjp(Prim::ReduceMax, vjp_weighted<w_extreme>);
  r.set_jvp(Prim::ReduceMin, jvp_weighted<w_extreme>);
  r.set_vjp(Prim::ReduceMin, vjp_weighted<w_extreme>);
  r.set_jvp(Prim::LogSumExp, jvp_weighted<w_logsumexp>);
  r.set_vjp(Prim::LogSumExp, vjp_weighted<w_logsumexp>);
  r.set_jvp(Prim::Norm, jvp_weighted<w_norm>);
  r.set_vjp(Prim::Norm, vjp_weighted<w_norm>);
  r.set_zero(Prim::ArgMax);
  r.set_zero(Prim::ArgMin);
  for (Prim p : {Prim::Sum, Prim::Mean, Prim::Prod, Prim::ReduceMax, Prim::ReduceMin, Prim::LogSumExp, Prim::Norm,
                 Prim::ArgMax, Prim::ArgMin})
    passive_axis(r, p);
  r.set_jvp(Prim::ExpandReduced, jvp_linear);
  r.set_vjp(Prim::ExpandReduced, vjp_expand_reduced);
  for (size_t i = 1; i <= 3; ++i) r.set_passive(Prim::ExpandReduced, i);
}

}  // namespace fx::ad
