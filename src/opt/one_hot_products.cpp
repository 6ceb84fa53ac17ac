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

Node* simplified(PassContext& ctx, Node* n) {
  if (ctx.options.check_nan || !n->is_prim_apply(Prim::Dot) || n->num_args() != 2 || !n->type ||
      n->type->kind != types::TypeKind::F64)
    return nullptr;
  for (int side = 0; side < 2; ++side) {
    Node* x = n->arg(side);
    Node* v = n->arg(1 - side);
    if (!f64_vector(v)) continue;
    int64_t extent = types::extent(v->type, 0);
    if (extent >= 0 && basis_vector(x, extent)) {
      Node* index = detached_apply(ctx.module, n->graph,
                                   {ctx.module.prim(Prim::Index), v,
                                    typed_constant(ctx.module, std::string("i"), ctx.store.str(), n->loc), x->arg(0)},
                                   n->loc, n->type, n->name);
      return index;
    }
    if (x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1 && f64_vector(x->arg(0)) && extent >= 0 &&
        types::extent(x->arg(0)->type, 0) == extent)
      return typed_constant(ctx.module, 0.0, n->type, n->loc);
  }
  return nullptr;
}

}  // namespace

bool simplify_one_hot_products(PassContext& ctx) {
  return rewrite_nodes(ctx.module, typed_graphs(ctx.module), [&](Node* n) {
    Node* plain = simplified(ctx, n);
    if (!plain) return Rewritten{};
    return plain->is_apply() ? Rewritten{plain, {plain}, false} : Rewritten{plain, {}, false};
  });
}

}  // namespace fx::opt
