// Linear algebra and shapes: matmul, dot and their adjoints matmul_vjp_a / matmul_vjp_b (a
// family closed under differentiation: the rules of the adjoints are written with matmul and
// the adjoints themselves, so hessians through products work), outer, transpose, trace,
// reshape, concat, stack, diag. All are linear or bilinear: the JVP applies the primitive to
// the tangents, the VJP is the transpose.
#include "ad/context.hpp"
#include "ad/rule_context.hpp"
#include "ad/rules/rule_util.hpp"
#include "ad/rules/rules.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad {

using ir::Node;
using ir::Prim;

namespace tensor_linalg_rules {

using namespace rule_util;

Node* shape_of(Emitter& e, Node* x) { return e.op(Prim::GetAttr, {x, e.cst(std::string("shape"))}); }
Node* extent(Emitter& e, Node* x, int64_t axis) { return e.get(shape_of(e, x), axis); }

// y = matmul(a, b): a's cotangent is matmul_vjp_a(ct, b, a), b's matmul_vjp_b(a, ct, b)
// (summed over broadcast batch axes by the kernels).
void vjp_matmul(VjpBackwardCtx& c) {
  if (c.active(0)) c.give(0, c.e.op(Prim::MatMulVjpA, {c.ct(), c.in(1), c.in(0)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::MatMulVjpB, {c.in(0), c.ct(), c.in(1)}));
}
// dot(a, b) is matmul, or a product when an operand is a scalar: then the rules of mul.
void vjp_dot(VjpBackwardCtx& c) {
  if (typed_rank(c.node->arg(0)) != 0 && typed_rank(c.node->arg(1)) != 0) return vjp_matmul(c);
  if (c.active(0)) c.give(0, c.e.op(Prim::Unbroadcast, {mul(c.e, c.ct(), c.in(1)), c.in(0)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::Unbroadcast, {mul(c.e, c.in(0), c.ct()), c.in(1)}));
}

// g = matmul_vjp_a(ct, b, a) = ct bᵀ (bilinear in ct and b): <ḡ, ct bᵀ> = <ḡ b, ct> = <ḡᵀ ct, b>.
void vjp_matmul_vjp_a(VjpBackwardCtx& c) {
  Node* gbar = c.ct();
  if (c.active(0)) c.give(0, c.e.op(Prim::MatMul, {gbar, c.in(1)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::MatMulVjpB, {gbar, c.in(0), c.in(1)}));
}
// g = matmul_vjp_b(a, ct, b) = aᵀ ct: <ḡ, aᵀ ct> = <a ḡ, ct> = <ct ḡᵀ, a>.
void vjp_matmul_vjp_b(VjpBackwardCtx& c) {
  Node* gbar = c.ct();
  if (c.active(0)) c.give(0, c.e.op(Prim::MatMulVjpA, {c.in(1), gbar, c.in(0)}));
  if (c.active(1)) c.give(1, c.e.op(Prim::MatMul, {c.in(0), gbar}));
}

// outer(a, b)[i, j] = a.flat[i] b.flat[j]: a's cotangent is ct @ b.flat in a's shape.
Node* flat(Emitter& e, Node* x) { return e.op(Prim::Reshape, {x, e.tuple({e.i64(-1)})}); }
void vjp_outer(VjpBackwardCtx& c) {
  Emitter& e = c.e;
  if (c.active(0))
    c.give(0, e.op(Prim::Reshape, {e.op(Prim::MatMul, {c.ct(), flat(e, c.in(1))}), shape_of(e, c.in(0))}));
  if (c.active(1))
    c.give(1, e.op(Prim::Reshape, {e.op(Prim::MatMul, {flat(e, c.in(0)), c.ct()}), shape_of(e, c.in(1))}));
}

void vjp_transpose(VjpBackwardCtx& c) { c.give(0, c.e.op(Prim::Transpose, {c.ct()})); }

// trace(x): ct on the main diagonal of an x-shaped matrix.
void vjp_trace(VjpBackwardCtx& c) {
  Node* x = c.in(0);
  Node* eye = c.e.op(Prim::Eye, {extent(c.e, x, 0), extent(c.e, x, 1)});
  c.give(0, mul(c.e, c.ct(), eye));
}

// reshape(x, shape): back to x's shape (a scalar x: the sum of its single element).
void vjp_reshape(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  if (typed_scalar(c.node->arg(0))) {
    c.give(0, c.e.op(Prim::Sum, {c.ct(), c.e.cst(ir::NoneVal{}), c.e.cst(false)}));
    return;
  }
  c.give(0, c.e.op(Prim::Reshape, {c.ct(), shape_of(c.e, c.in(0))}));
}

// concat / stack of a tuple along a constant axis: element j's cotangent is its part of ct,
// read with index(ct, spec, ...). A negative axis counts from the end: the part is read from
// transpose(ct), where that axis is -axis - 1 from the front, and transposed back.
struct AxisView {
  bool reversed = false;
  int64_t axis = 0;  // in ct, or in transpose(ct) when reversed
};
AxisView axis_view(VjpBackwardCtx& c) {
  const Node* a = c.node->arg(1);
  if (!a->is_constant() || !std::holds_alternative<int64_t>(a->value))
    runtime_error(c.node->loc, std::string("cannot differentiate '") + ir::prim_name(prim_of(c.node)) +
                                   "': its axis must be an integer constant");
  int64_t axis = a->as_int();
  return axis < 0 ? AxisView{true, -axis - 1} : AxisView{false, axis};
}
size_t tuple_size(VjpBackwardCtx& c) {
  int n = c.cx.tuple_arity(c.node->arg(0));
  if (n < 0)
    runtime_error(c.node->loc, std::string("cannot differentiate '") + ir::prim_name(prim_of(c.node)) +
                                   "' of a tuple whose length is not known");
  return static_cast<size_t>(n);
}
// index(ct, ":, ..., item", operands...) with `item` at v.axis, through transposes if reversed.
Node* part(Emitter& e, const AxisView& v, Node* ct, const std::string& item, std::vector<Node*> operands) {
  std::string spec;
  for (int64_t i = 0; i < v.axis; ++i) spec += "s000,";
  spec += item;
  Node* src = v.reversed ? e.op(Prim::Transpose, {ct}) : ct;
  std::vector<Node*> args{src, e.cst(spec)};
  args.insert(args.end(), operands.begin(), operands.end());
  Node* p = e.op(Prim::Index, std::move(args));
  return v.reversed ? e.op(Prim::Transpose, {p}) : p;
}

void vjp_concat(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  if (typed_tensor(c.node->arg(0))) {
    // concat(t, 0) of one tensor: a reshape merging t's first two axes; the cotangent is ct read
    // back in t's shape.
    c.give(0, c.e.op(Prim::Reshape, {c.ct(), c.e.op(Prim::GetAttr, {c.in(0), c.e.cst(std::string("shape"))})}));
    return;
  }
  AxisView v = axis_view(c);
  size_t n = tuple_size(c);
  Emitter& e = c.e;
  Node* start = e.i64(0);
  for (size_t j = 0; j < n; ++j) {
    Node* elem = e.get(c.in(0), static_cast<int64_t>(j));
    Node* size = e.get(shape_of(e, elem), c.node->arg(1)->as_int());
    Node* stop = e.op(Prim::Add, {start, size});
    c.give_part(0, PartKey::at(static_cast<int64_t>(j)), part(e, v, c.ct(), "s110", {start, stop}));
    start = stop;
  }
}
void vjp_stack(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  AxisView v = axis_view(c);
  size_t n = tuple_size(c);
  for (size_t j = 0; j < n; ++j)
    c.give_part(0, PartKey::at(static_cast<int64_t>(j)), part(c.e, v, c.ct(), "i", {c.e.i64(int64_t(j))}));
}

// diag(x, k): a vector x becomes a matrix (cotangent: diag(ct, k), its diagonal k); a matrix
// gives its diagonal k (cotangent: ct on that diagonal of an x-shaped matrix). diag(ct, k) is
// that matrix when x is square; for a typed 2-D x it is cut or padded to x's shape. (An
// untyped non-square matrix x gets the square form: a known limitation.)
void vjp_diag(VjpBackwardCtx& c) {
  if (!c.active(0)) return;
  Emitter& e = c.e;
  Node* d = e.op(Prim::Diag, {c.ct(), c.in(1)});
  if (typed_rank(c.node->arg(0)) != 2) {
    c.give(0, d);
    return;
  }
  Node* x = c.in(0);
  Node* s = e.op(Prim::Len, {d});
  Node* rows = e.op(Prim::Minimum, {s, extent(e, x, 0)});
  Node* cols = e.op(Prim::Minimum, {s, extent(e, x, 1)});
  Node* spec = e.cst(std::string("s010,s010"));
  Node* block = e.op(Prim::Index, {d, spec, rows, cols});
  c.give(0, e.op(Prim::SetIndex, {e.zeros(x), spec, rows, cols, block}));
}

}  // namespace tensor_linalg_rules

void register_tensor_linalg_rules(Registry& r) {
  using namespace tensor_linalg_rules;
  r.set_jvp(Prim::MatMul, jvp_bilinear);
  r.set_vjp(Prim::MatMul, vjp_matmul);
  r.set_jvp(Prim::Dot, jvp_bilinear);
  r.set_vjp(Prim::Dot, vjp_dot);
  r.set_jvp(Prim::MatMulVjpA, jvp_bilinear);
  r.set_vjp(Prim::MatMulVjpA, vjp_matmul_vjp_a);
  r.set_passive(Prim::MatMulVjpA, 2);
  r.set_jvp(Prim::MatMulVjpB, jvp_bilinear);
  r.set_vjp(Prim::MatMulVjpB, vjp_matmul_vjp_b);
  r.set_passive(Prim::MatMulVjpB, 2);
  r.set_jvp(Prim::Outer, jvp_bilinear);
  r.set_vjp(Prim::Outer, vjp_outer);
  r.set_jvp(Prim::Transpose, jvp_linear);
  r.set_vjp(Prim::Transpose, vjp_transpose);
  r.set_jvp(Prim::Trace, jvp_linear);
  r.set_vjp(Prim::Trace, vjp_trace);
  r.set_jvp(Prim::Reshape, jvp_linear);
  r.set_vjp(Prim::Reshape, vjp_reshape);
  r.set_passive(Prim::Reshape, 1);
  r.set_jvp(Prim::Concat, jvp_linear);
  r.set_vjp(Prim::Concat, vjp_concat);
  r.set_passive(Prim::Concat, 1);
  r.set_jvp(Prim::Stack, jvp_linear);
  r.set_vjp(Prim::Stack, vjp_stack);
  r.set_passive(Prim::Stack, 1);
  r.set_jvp(Prim::Diag, jvp_linear);
  r.set_vjp(Prim::Diag, vjp_diag);
  r.set_passive(Prim::Diag, 1);
}

}  // namespace fx::ad
