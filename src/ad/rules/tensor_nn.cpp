// Neural-network primitives: softmax, log_softmax, conv2d with its adjoints conv2d_vjp_x /
// conv2d_vjp_w (closed under differentiation, as matmul's), max_pool2d with the pieces of its
// adjoint (pool_weights, upsample, pool_sum), dropout. one_hot has no derivative.
#include "ad/rule_context.hpp"
#include "ad/rules/rule_util.hpp"
#include "ad/rules/rules.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace tensor_nn_rules {

using namespace rule_util;

// y = softmax(x, axis): dy = y * (dx - sum(y * dx, axis, True)); the VJP is the same map.
Node* softmax_map(Emitter& e, Node* y, Node* v, Node* axis) {
  return mul(e, y, e.op(Prim::Sub, {v, sum_keep(e, mul(e, y, v), axis)}));
}
void jvp_softmax(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, softmax_map(c.e, y, c.tan(0), c.in(1)));
}
void vjp_softmax(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, softmax_map(c.e, c.out(), c.ct(), c.in(1)));
}

// y = log_softmax(x, axis), p = exp(y): dy = dx - sum(p * dx, axis, True);
// x's cotangent ct - p * sum(ct, axis, True).
void jvp_log_softmax(JvpCtx& c) {
  Node* y = c.primal();
  Node* p = c.e.op(Prim::Exp, {y});
  Node* dx = c.tan(0);
  c.set(y, c.e.op(Prim::Sub, {dx, sum_keep(c.e, mul(c.e, p, dx), c.in(1))}));
}
void vjp_log_softmax(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  Node* p = c.e.op(Prim::Exp, {c.out()});
  Node* ct = c.ct();
  c.give(0, c.e.op(Prim::Sub, {ct, mul(c.e, p, sum_keep(c.e, ct, c.in(1)))}));
}

// y = conv2d(x, w, stride, padding), bilinear: x's cotangent conv2d_vjp_x(ct, w, x, s, p),
// w's conv2d_vjp_w(x, ct, w, s, p).
void vjp_conv2d(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::Conv2dVjpX, {c.ct(), c.in(1), c.in(0), c.in(2), c.in(3)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::Conv2dVjpW, {c.in(0), c.ct(), c.in(1), c.in(2), c.in(3)}));
}
// g = conv2d_vjp_x(ct, w, x, s, p), bilinear in (ct, w): <ḡ, g> = <conv2d(ḡ, w), ct>, whose
// w-adjoint is conv2d_vjp_w(ḡ, ct, w).
void vjp_conv2d_vjp_x(VjpBackwardCtx& c) {
  Node* gbar = c.ct();
  if (c.active(0)) c.give(0, c.e.op(Prim::Conv2d, {gbar, c.in(1), c.in(3), c.in(4)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::Conv2dVjpW, {gbar, c.in(0), c.in(1), c.in(3), c.in(4)}));
}
// g = conv2d_vjp_w(x, ct, w, s, p): <ḡ, g> = <conv2d(x, ḡ), ct>, whose x-adjoint is
// conv2d_vjp_x(ct, ḡ, x).
void vjp_conv2d_vjp_w(VjpBackwardCtx& c) {
  Node* gbar = c.ct();
  if (c.active(0)) c.give(0, c.e.op(Prim::Conv2dVjpX, {c.in(1), gbar, c.in(0), c.in(3), c.in(4)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::Conv2d, {c.in(0), gbar, c.in(3), c.in(4)}));
}

// y = max_pool2d(x, k): each window's maximum, ties sharing (pool_weights, piecewise constant).
// dy = pool_sum(dx * weights, k); x's cotangent upsample(ct, k, x) * weights.
Node* pool_weights(Emitter& e, Node* x, Node* k) { return e.op(Prim::PoolWeights, {x, k}); }
void jvp_max_pool2d(JvpCtx& c) {
  Node* y = c.primal();
  c.set(y, c.e.op(Prim::PoolSum, {mul(c.e, c.tan(0), pool_weights(c.e, c.in(0), c.in(1))), c.in(1)}));
}
void vjp_max_pool2d(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  Node* spread = c.e.op(Prim::Upsample, {c.ct(), c.in(1), c.in(0)});
  c.give(0, mul(c.e, spread, pool_weights(c.e, c.in(0), c.in(1))));
}
// upsample(ct, k, x) and pool_sum(x, k): linear, mutual transposes.
void vjp_upsample(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::PoolSum, {c.ct(), c.in(1)}));
}
void vjp_pool_sum(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::Upsample, {c.ct(), c.in(1), c.in(0)}));
}

// dropout(key, x, p) = x * mask(key, p): linear in x with the same mask.
void jvp_dropout(JvpCtx& c) { c.set(c.primal(), reapply(c, 1, c.tan(1))); }
void vjp_dropout(VjpBackwardCtx& c) {
  if (c.active(1)) c.give(1, c.e.op(Prim::Dropout, {c.in(0), c.ct(), c.in(2)}));
}

}  // namespace tensor_nn_rules

void register_tensor_nn_rules(Registry& r) {
  using namespace tensor_nn_rules;
  r.set_jvp(Prim::Softmax, jvp_softmax);
  r.set_vjp(Prim::Softmax, vjp_softmax);
  r.set_passive(Prim::Softmax, 1);
  r.set_jvp(Prim::LogSoftmax, jvp_log_softmax);
  r.set_vjp(Prim::LogSoftmax, vjp_log_softmax);
  r.set_passive(Prim::LogSoftmax, 1);
  r.set_jvp(Prim::Conv2d, jvp_bilinear);
  r.set_vjp(Prim::Conv2d, vjp_conv2d);
  r.set_jvp(Prim::Conv2dVjpX, jvp_bilinear);
  r.set_vjp(Prim::Conv2dVjpX, vjp_conv2d_vjp_x);
  r.set_jvp(Prim::Conv2dVjpW, jvp_bilinear);
  r.set_vjp(Prim::Conv2dVjpW, vjp_conv2d_vjp_w);
  for (Prim p : {Prim::Conv2d, Prim::Conv2dVjpX, Prim::Conv2dVjpW}) {
    r.set_passive(p, 2);
    r.set_passive(p, 3);
    if (p != Prim::Conv2d) r.set_passive(p, 4);
  }
  r.set_jvp(Prim::MaxPool2d, jvp_max_pool2d);
  r.set_vjp(Prim::MaxPool2d, vjp_max_pool2d);
  r.set_passive(Prim::MaxPool2d, 1);
  r.set_zero(Prim::PoolWeights);
  r.set_jvp(Prim::Upsample, jvp_linear);
  r.set_vjp(Prim::Upsample, vjp_upsample);
  r.set_passive(Prim::Upsample, 1);
  r.set_passive(Prim::Upsample, 2);
  r.set_jvp(Prim::PoolSum, jvp_linear);
  r.set_vjp(Prim::PoolSum, vjp_pool_sum);
  r.set_passive(Prim::PoolSum, 1);
  r.set_zero(Prim::OneHot);
  r.set_jvp(Prim::Dropout, jvp_dropout);
  r.set_vjp(Prim::Dropout, vjp_dropout);
  r.set_passive(Prim::Dropout, 0);
  r.set_passive(Prim::Dropout, 2);
}

}  // namespace fx::ad
