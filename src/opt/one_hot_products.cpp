// Products with forward mode's directions. jacfwd pushes the basis vectors one_hot(k, n) through
// the function, one per loop iteration, and every argument it does not differentiate carries a
// zero tangent, zeros_like(x): the derivative of dot(v1, v2) with respect to v1 is, per
// direction, dot(one_hot(k, n), v2) + dot(v1, zeros_like(v2)) — two passes over n elements for
// what is v2[k] (dF~ §5.2: the one_hot products vanish):
//   dot(one_hot(k, n), v) = dot(v, one_hot(k, n)) = v[k]   n v's known extent
//   dot(x, zeros_like(y)) = dot(zeros_like(y), x) = 0.0    x and y of one known extent
// Like the eye law (algebra.def), these hold in real arithmetic, not in IEEE's: there 0 * inf is
// nan, so an inf elsewhere in v, or in x, would make the dot nan. The result is the exact one,
// the derivative the source asks for (the zero tangent is a structural zero, not a measured
// value); --check-nan, which reports where a nan was made, turns the laws off. The shapes must
// agree by their types, so the dot could not fail; one_hot itself stays where it was (it
// checks k's range, and v[k] is read only after it did; loop_counters.cpp removes it when the
// range is known).
// The same laws in elementwise form, as sum(v1 * v2) writes the dot, for f64 vectors of one
// known extent: sum(one_hot(k, n) * v) = v[k], a * zeros_like(y) = zeros_like(y) (real
// arithmetic, like the rest), and a + zeros_like(y) = a + 0.0 (exact: no zero is made), so
// that sum(one_hot(k, n) * v + 0.0), what jacfwd's direction then computes, is v[k] + 0.0. A v
// of one element broadcasts against one_hot(k, n) of any n: sum(one_hot(k, n) * v) = v[0].
#include <cmath>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

bool f64_vector(const Node* x) {
  const types::Type* d = types::dtype_of(x->type);
  return x->type && types::is_tensor(x->type) && types::rank_of(x->type) == 1 && d &&
         d->kind == types::TypeKind::F64;
}

// x = one_hot(k, n) of an i64 k, with n the constant `extent`.
bool basis_vector(const Node* x, int64_t extent) {
  int64_t n;
  return x->is_prim_apply(Prim::OneHot) && x->num_args() == 2 && x->arg(0)->type &&
         x->arg(0)->type->kind == types::TypeKind::I64 && constant_int(x->arg(1), &n) && n == extent &&
         f64_vector(x);
}

// The length of f64 vector x when it is known: from its type, or for derivative code whose
// types forgot it (a template typed for any length, inlined), from what x is: one_hot(k, n)
// of a constant n, or an elementwise operation of vectors of that length (or of a vector and a
// number). -1 when unknown.
int64_t extent_of(const Node* x, int depth = 0) {
  if (!f64_vector(x)) return -1;
  int64_t e = types::extent(x->type, 0);
  if (e >= 0 || depth > 8) return e;
  int64_t n;
  if (x->is_prim_apply(Prim::OneHot) && x->num_args() == 2 && constant_int(x->arg(1), &n) && n >= 0) return n;
  if (x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1) return extent_of(x->arg(0), depth + 1);
  bool elementwise = x->is_prim_apply(Prim::Add) || x->is_prim_apply(Prim::Sub) || x->is_prim_apply(Prim::Mul) ||
                     x->is_prim_apply(Prim::Div);
  if (!elementwise || x->num_args() != 2) return -1;
  auto number = [](const Node* a) { return a->type && a->type->kind == types::TypeKind::F64; };
  int64_t a = number(x->arg(0)) ? -2 : extent_of(x->arg(0), depth + 1);
  int64_t b = number(x->arg(1)) ? -2 : extent_of(x->arg(1), depth + 1);
  if (a == -2) return b;
  if (b == -2) return a;
  return a >= 0 && a == b ? a : -1;
}

// zeros_like(y) of an f64 vector y of known extent e.
bool zero_vector(const Node* x, int64_t e) {
  return x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1 && e >= 0 && extent_of(x->arg(0)) == e;
}

// An f64 vector of known extent e (e >= 0).
bool vector_of(const Node* x, int64_t e) { return e >= 0 && extent_of(x) == e; }

// v[k] when x = one_hot(k, n) and v an f64 vector of extent n (x·v in either order), or null.
Node* basis_read(PassContext& ctx, Node* n, Node* x, Node* v) {
  if (!f64_vector(v)) return nullptr;
  int64_t extent = extent_of(v);
  if (extent < 0 || !basis_vector(x, extent)) return nullptr;
  return prim_apply(ctx.module, n, Prim::Index,
                    {v, typed_constant(ctx.module, std::string("i"), ctx.store.str(), n->loc), x->arg(0)}, n->type);
}

// v[0] when x = one_hot(k, n) of any n and v an f64 vector of one element by its type, which
// broadcasts (one_hot(k, n) * v is v[0] at k and zeros elsewhere; only in the elementwise form:
// a dot needs one length), or null.
Node* broadcast_basis_read(PassContext& ctx, Node* n, Node* x, Node* v) {
  if (!f64_vector(v) || types::extent(v->type, 0) != 1 || !x->is_prim_apply(Prim::OneHot) || x->num_args() != 2 ||
      !x->arg(0)->type || x->arg(0)->type->kind != types::TypeKind::I64 || !f64_vector(x))
    return nullptr;
  return prim_apply(ctx.module, n, Prim::Index,
                    {v, typed_constant(ctx.module, std::string("i"), ctx.store.str(), n->loc),
                     typed_constant(ctx.module, int64_t{0}, ctx.store.i64(), n->loc)},
                    n->type);
}

Rewritten simplified(PassContext& ctx, Node* n) {
  if (ctx.options.check_nan || !n->type) return {};
  if (n->is_prim_apply(Prim::Dot) && n->num_args() == 2 && n->type->kind == types::TypeKind::F64) {
    for (int side = 0; side < 2; ++side) {
      Node* x = n->arg(side);
      Node* v = n->arg(1 - side);
      if (Node* read = basis_read(ctx, n, x, v)) return {read, {read}, false};
      if (f64_vector(v) && zero_vector(x, types::extent(v->type, 0)) && types::extent(v->type, 0) >= 0)
        return {typed_constant(ctx.module, 0.0, n->type, n->loc), {}, false};
    }
    return {};
  }
  // The elementwise forms, sum(v1 * v2) for dot(v1, v2); vectors of one known extent e.
  const int64_t e = extent_of(n);
  if (e >= 0 && n->num_args() == 2 && (n->is_prim_apply(Prim::Mul) || n->is_prim_apply(Prim::Add))) {
    for (int side = 0; side < 2; ++side) {
      Node* z = n->arg(side);
      Node* a = n->arg(1 - side);
      if (!zero_vector(z, e) || !vector_of(a, e)) continue;
      // a * zeros_like(y) is the zero (real arithmetic: an inf in a would make a nan).
      if (n->is_prim_apply(Prim::Mul)) return {z, {}, false};
      // a + zeros_like(y) is a + 0.0, exactly (every element of the zero is 0.0), with no zero made.
      Node* sum = prim_apply(ctx.module, n, Prim::Add, {a, typed_constant(ctx.module, 0.0, ctx.store.f64(), n->loc)}, n->type);
      return {sum, {sum}, false};
    }
    return {};
  }
  if (full_sum(n)) {
    // sum(one_hot(k, n) * v) is v[k]; sum(one_hot(k, n) * v + 0.0) is v[k] + 0.0 (the other
    // elements are zeros, +0.0 once 0.0 is added, and add nothing to it).
    Node* t = n->arg(0);
    Node* zero = nullptr;
    double c;
    if (t->is_prim_apply(Prim::Add) && t->num_args() == 2 && constant_float(t->arg(1), &c) && c == 0.0 && !std::signbit(c)) {
      zero = t->arg(1);
      t = t->arg(0);
    }
    if (!t->is_prim_apply(Prim::Mul) || t->num_args() != 2 || !f64_vector(t)) return {};
    for (int side = 0; side < 2; ++side) {
      Node* read = basis_read(ctx, n, t->arg(side), t->arg(1 - side));
      if (!read) read = broadcast_basis_read(ctx, n, t->arg(side), t->arg(1 - side));
      if (!read) continue;
      if (!zero) return {read, {read}, false};
      Node* plus = prim_apply(ctx.module, n, Prim::Add, {read, zero}, n->type);
      return {plus, {read, plus}, false};
    }
  }
  return {};
}

}  // namespace

bool simplify_one_hot_products(PassContext& ctx) {
  return rewrite_nodes(ctx.module, typed_graphs(ctx.module), [&](Node* n) { return simplified(ctx, n); });
}

}  // namespace fx::opt
