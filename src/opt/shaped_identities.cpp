// Identities that hold because shapes are known to agree (known_shapes.hpp):
// - unbroadcast(x, like) of an x that has like's shape by construction is x. Reverse mode
//   writes an unbroadcast after every elementwise operation whose operands might have been
//   broadcast; in a chain of operations on one shape each is a copy of the cotangent for
//   nothing, and it cuts the chain that fusion would make one loop.
// - unbroadcast(x, like), expand_reduced(ct, x, ...), zeros_like(x) and len(x) read an
//   operand only for its shape, so they may read its shape root instead (softplus(z) has z's
//   shape): the operand, often a value computed only to be read so (the primal of an
//   elementwise operation in the derivative), may then go.
// - sum(zeros_like(x) + 1.0), how mean's rule counts x's elements, is that count as an f64:
//   a constant when x's type knows its extents, float(len(x)) for a vector.
// - expand_reduced(s, x, None, False) * t, with t of x's shape, is s * t (and so for + - /): the
//   cotangent of a full sum is the number s at every element, and multiplying t by that tensor
//   is multiplying it by s (the same products, bit for bit). LogSumExp's gradient,
//   exp(x) * expand_reduced(1 / sum(exp(x)), x, ...), then neither fills a tensor with s nor
//   reads it back (bench/SHORTFALLS.md).
// - neg(expand_reduced(s, x, None, False)) is expand_reduced(-s, x, None, False): the cotangent
//   of `a - b` negated for b, still a number at every element, which the product above takes.
// - add_tangent(a, b) of f64 tensors with one shape root is add(a, b): the sum of two
//   cotangents of one value, the same additions, which fusion can join to the elementwise
//   chains that computed a and b (LogReg's cotangent of x @ w is then one loop). A pass of its
//   own (add_shaped_tangents), run after the passes that look for add_tangent.
#include <vector>

#include "opt/known_shapes.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"
#include "types/type.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

bool f64_tensor(const Node* x) {
  const types::Type* t = x->type;
  const types::Type* d = t && types::is_tensor(t) ? types::dtype_of(t) : nullptr;
  return d && d->kind == types::TypeKind::F64 && types::rank_of(t) >= 1;
}

// The argument of n that n reads only for its shape, or -1: like of unbroadcast(x, like), x
// of expand_reduced(ct, x, axis, keepdims), of zeros_like(x) and of len(x).
int shape_only_argument(const Node* n) {
  if (n->is_prim_apply(Prim::Unbroadcast) && n->num_args() == 2) return 1;
  if (n->is_prim_apply(Prim::ExpandReduced) && n->num_args() == 4) return 1;
  if ((n->is_prim_apply(Prim::ZerosLike) || n->is_prim_apply(Prim::Len)) && n->num_args() == 1) return 0;
  return -1;
}

// n reading the shape root of its shape-only argument in place of it, when that root is
// another node; nothing otherwise. It fails exactly where n would (the shapes are equal).
Rewritten read_shape_root(PassContext& ctx, Node* n) {
  const int i = shape_only_argument(n);
  if (i < 0 || !f64_tensor(n->arg(i))) return {};
  Node* root = shape_root_of(n->arg(i));
  if (root == n->arg(i) || !f64_tensor(root)) return {};
  // zeros_like's type is its operand's: the root's may know other extents.
  if (n->is_prim_apply(Prim::ZerosLike) && root->type != n->arg(i)->type) return {};
  std::vector<Node*> args(n->inputs.begin() + 1, n->inputs.end());
  args[i] = root;
  Prim p;
  n->prim_callee(&p);
  Node* r = prim_apply(ctx.module, n, p, std::move(args), n->type);
  r->follows_primal = n->follows_primal;
  return {r, {r}};
}

// x when n is zeros_like(x) + 1.0 or 1.0 + zeros_like(x) (a tensor of ones of x's shape).
Node* ones_like_operand(const Node* n) {
  if (!n->is_prim_apply(Prim::Add) || n->num_args() != 2) return nullptr;
  for (size_t i = 0; i < 2; ++i) {
    double one = 0;
    const Node* z = n->arg(i);
    if (constant_float(n->arg(1 - i), &one) && one == 1.0 && z->is_prim_apply(Prim::ZerosLike) &&
        z->num_args() == 1 && types::is_tensor(z->arg(0)->type))
      return z->arg(0);
  }
  return nullptr;
}

// The number of x's elements as an f64 for sum(ones like x); nothing when it cannot be
// written without a shape read (a rank above 1 with an unknown extent).
Rewritten element_count(PassContext& ctx, Node* n) {
  if (!full_sum(n)) return {};
  Node* x = ones_like_operand(n->arg(0));
  if (!x) return {};
  const types::Type* t = x->type;
  const int64_t rank = types::rank_of(t);
  if (rank < 0) return {};
  double count = 1;
  bool known = true;
  for (int64_t i = 0; i < rank && known; ++i) {
    known = types::extent(t, i) >= 0;
    count *= static_cast<double>(types::extent(t, i));
  }
  if (known) return {typed_constant(ctx.module, count, ctx.store.f64(), n->loc), {}};
  if (rank != 1) return {};
  Node* len = prim_apply(ctx.module, n, Prim::Len, {x}, ctx.store.i64());
  Node* f = prim_apply(ctx.module, n, Prim::ToF64, {len}, ctx.store.f64());
  return {f, {len, f}};
}

// The number s when n is expand_reduced(s, x, None, False) of an f64 number s: the cotangent
// of a full reduction, s at every element of x's shape.
Node* broadcast_number(const Node* n) {
  if (!n->is_prim_apply(Prim::ExpandReduced) || n->num_args() != 4 || !f64_tensor(n)) return nullptr;
  const Node* axis = n->arg(2);
  const Node* keepdims = n->arg(3);
  if (!axis->is_constant() || !std::holds_alternative<ir::NoneVal>(axis->value)) return nullptr;
  if (!keepdims->is_constant() || !std::holds_alternative<bool>(keepdims->value) ||
      std::get<bool>(keepdims->value))
    return nullptr;
  Node* s = n->arg(0);
  return s->type && s->type->kind == types::TypeKind::F64 ? s : nullptr;
}

// p(s, t) (or p(t, s), the operands' order kept) for p(expand_reduced(s, x, None, False), t),
// p one of + - * /, where t has the broadcast's shape: the result has t's shape either way, the
// same numbers at every element, and neither can fail (the shapes agree by construction). t must
// have the result's type, which the new node gets.
Rewritten broadcast_number_operand(PassContext& ctx, Node* n) {
  Prim p;
  if (!n->prim_callee(&p) || (p != Prim::Add && p != Prim::Sub && p != Prim::Mul && p != Prim::Div) ||
      n->num_args() != 2 || !n->keywords.empty() || !f64_tensor(n))
    return {};
  for (size_t i = 0; i < 2; ++i) {
    Node* s = broadcast_number(n->arg(i));
    Node* t = n->arg(1 - i);
    if (!s || !f64_tensor(t) || t->type != n->type || !same_shape(t, n->arg(i))) continue;
    Node* r = prim_apply(ctx.module, n, p, i == 0 ? std::vector<Node*>{s, t} : std::vector<Node*>{t, s}, n->type);
    r->follows_primal = n->follows_primal;
    return {r, {r}};
  }
  return {};
}

// expand_reduced(neg(s), x, None, False) for neg(expand_reduced(s, x, None, False)).
Rewritten negated_broadcast(PassContext& ctx, Node* n) {
  if (!n->is_prim_apply(Prim::Neg) || n->num_args() != 1 || !n->keywords.empty() || !f64_tensor(n) ||
      n->arg(0)->type != n->type)
    return {};
  Node* b = n->arg(0);
  Node* s = broadcast_number(b);
  if (!s) return {};
  Node* negated = prim_apply(ctx.module, n, Prim::Neg, {s}, s->type);
  std::vector<Node*> args(b->inputs.begin() + 1, b->inputs.end());
  args[0] = negated;
  Node* r = prim_apply(ctx.module, n, Prim::ExpandReduced, std::move(args), n->type);
  negated->follows_primal = r->follows_primal = n->follows_primal;
  return {r, {negated, r}};
}

// add(a, b) for add_tangent(a, b) of f64 tensors of one shape (same_shape): nothing to broadcast,
// nothing that can fail.
Rewritten tangent_sum(PassContext& ctx, Node* n) {
  if (!n->is_prim_apply(Prim::AddTangent) || n->num_args() != 2 || !f64_tensor(n)) return {};
  Node* a = n->arg(0);
  Node* b = n->arg(1);
  if (!same_shape(a, b)) return {};
  // The seed, a number at every element, added to a cotangent: the number (as above).
  if (Node* s = broadcast_number(a); s && b->type == n->type) a = s;
  else if (Node* s = broadcast_number(b); s && a->type == n->type) b = s;
  Node* r = prim_apply(ctx.module, n, Prim::Add, {a, b}, n->type);
  r->follows_primal = n->follows_primal;
  return {r, {r}};
}

}  // namespace

bool apply_shaped_identities(PassContext& ctx) {
  ShapeRootScope roots;
  return rewrite_nodes(ctx.module, typed_graphs(ctx.module), [&ctx](Node* n) -> Rewritten {
    shape_root_of(n);  // each node's root from its operands' (ShapeRootScope)
    if (is_identity_unbroadcast(n)) return {n->arg(0), {}};
    Rewritten r = read_shape_root(ctx, n);
    if (r.value) return r;
    r = broadcast_number_operand(ctx, n);
    if (r.value) return r;
    r = negated_broadcast(ctx, n);
    return r.value ? r : element_count(ctx, n);
  });
}

bool add_shaped_tangents(PassContext& ctx) {
  ShapeRootScope roots;
  return rewrite_nodes(ctx.module, typed_graphs(ctx.module), [&ctx](Node* n) {
    shape_root_of(n);  // each node's root from its operands' (ShapeRootScope)
    return tangent_sum(ctx, n);
  });
}

}  // namespace fx::opt
