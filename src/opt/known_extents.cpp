// Shapes the types already know. Type inference (and expand::type_values for derivative code)
// records a tensor's extents when they are known ahead of time (a literal, a call from main with
// one), so reading them at run time is reading a constant:
//   tuple_get(get_attr(x, "shape"), i), len(x)   the extent, as a constant
//   get_attr(x, "ndim")                          the rank, as a constant (derivative code)
//   reshape(x, get_attr(y, "shape"))             x, when x and y have the same known extents,
//                                                or x = one_hot(k, y.shape[0]) of a vector y
// Forward mode reads shapes to build its directions (jacfwd's one_hot(k, x.shape[0]), reshaped to
// x's shape): with the extents constant, the other rewrites can compare them (one_hot_products.cpp,
// loop_counters.cpp). None of these can fail: a tensor's shape is total, and the reshape keeps
// the shape it had.
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

bool is_shape_of(const Node* n) {
  return n->is_prim_apply(Prim::GetAttr) && n->num_args() == 2 && n->arg(1)->is_constant() &&
         std::holds_alternative<std::string>(n->arg(1)->value) && n->arg(1)->as_str() == "shape" &&
         types::is_tensor(n->arg(0)->type);
}

// Every extent of x, when its rank and all of them are known: from its type, or for
// one_hot(k, n) of a number k and a constant n, (n,) (its type rule does not read n).
bool all_extents(const Node* x, std::vector<int64_t>* out) {
  int64_t n;
  if (x->is_prim_apply(Prim::OneHot) && x->num_args() == 2 && types::rank_of(x->type) == 1 && constant_int(x->arg(1), &n) &&
      x->arg(0)->type && x->arg(0)->type->kind == types::TypeKind::I64) {
    *out = {n};
    return true;
  }
  const types::Type* t = x->type;
  if (!t || !types::is_tensor(t) || types::rank_of(t) < 0) return false;
  out->clear();
  for (int64_t i = 0; i < types::rank_of(t); ++i) {
    int64_t e = types::extent(t, i);
    if (e < 0) return false;
    out->push_back(e);
  }
  return true;
}

Node* known(PassContext& ctx, Node* n) {
  if (!n->type) return nullptr;
  int64_t axis;
  if (n->is_prim_apply(Prim::TupleGet) && n->num_args() == 2 && is_shape_of(n->arg(0)) && constant_int(n->arg(1), &axis)) {
    int64_t e = types::extent(n->arg(0)->arg(0)->type, axis);
    if (e >= 0) return typed_constant(ctx.module, e, n->type, n->loc);
  }
  // x.ndim of a tensor whose type knows its rank, in derivative code (the rank check of a
  // parameter inlined there). Not in a typed clone, where a parameter's type may be its
  // annotation, which that check is there to enforce; derivative code's values are typed by
  // what reaches them (expand/value_types.cpp joins what the callers pass).
  if (n->is_prim_apply(Prim::GetAttr) && n->num_args() == 2 && n->graph && n->graph->origin == n->graph &&
      !n->arg(0)->is_parameter() && n->arg(1)->is_constant() &&
      std::holds_alternative<std::string>(n->arg(1)->value) && n->arg(1)->as_str() == "ndim" &&
      types::is_tensor(n->arg(0)->type) && types::rank_of(n->arg(0)->type) >= 0 && n->type->kind == types::TypeKind::I64)
    return typed_constant(ctx.module, types::rank_of(n->arg(0)->type), n->type, n->loc);
  if (n->is_prim_apply(Prim::Len) && n->num_args() == 1 && types::rank_of(n->arg(0)->type) >= 1) {
    int64_t e = types::extent(n->arg(0)->type, 0);
    if (e >= 0) return typed_constant(ctx.module, e, n->type, n->loc);
  }
  if (n->is_prim_apply(Prim::Reshape) && n->num_args() == 2 && is_shape_of(n->arg(1))) {
    // one_hot(k, s[0]) reshaped to s, the shape of a vector: it has that shape already.
    const Node* x = n->arg(0);
    const Node* s = n->arg(1);
    int64_t axis0;
    if (x->is_prim_apply(Prim::OneHot) && x->num_args() == 2 && types::rank_of(x->type) == 1 && x->arg(0)->type &&
        x->arg(0)->type->kind == types::TypeKind::I64 && types::rank_of(s->arg(0)->type) == 1 &&
        x->arg(1)->is_prim_apply(Prim::TupleGet) && x->arg(1)->num_args() == 2 && x->arg(1)->arg(0) == s &&
        constant_int(x->arg(1)->arg(1), &axis0) && axis0 == 0)
      return n->arg(0);
    std::vector<int64_t> from, to;
    if (all_extents(n->arg(0), &from) && all_extents(n->arg(1)->arg(0), &to) && from == to)
      return n->arg(0);
  }
  return nullptr;
}

}  // namespace

bool fold_known_extents(PassContext& ctx) {
  return replace_nodes(ctx.module, [&](Node* n) { return known(ctx, n); });
}

}  // namespace fx::opt
