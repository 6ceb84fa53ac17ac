// Zeros taken apart: in derivative code, the zero of a tuple of numbers and tensors — or of a
// converted closure, whose zero is its env's — is built as the tuple of its components' zeros,
// zeros_like(x) = (zeros_like(x[0]), ..., zeros_like(x[n-1])) (for a closure x, of the
// components of closure_env(x)). The reverse pass of a loop starts its accumulator of the
// loop's environment's cotangent at the zero of the body closure's env, one tuple for every
// captured value; taken apart, each component is a node of its own, so that dead-results can
// drop those no caller reads (the index array's cotangent) and `accumulators` can start the
// one a caller adds (the captured tensor's) at the caller's accumulator. Whole, a read of one
// component kept all of them: in GradBench's det every call of the recursion's pullback built
// a zero of the matrix for an inner backward loop (docs/opt.md "Recursive accumulators").
// Only where every component is a number, a bool or a tensor (whose zero has its type); the
// zero of a nested tuple or closure is left whole.
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;
using types::Type;
using types::TypeKind;

// Derivative code (rewrite.hpp), judged by the top-level graph it is nested in.
bool generated(const ir::Graph* g) {
  while (g->parent) g = g->parent;
  return derivative_code(g);
}

bool leaf(const Type* t) {
  return t->kind == TypeKind::Tensor || t->kind == TypeKind::F64 || t->kind == TypeKind::F32 ||
         t->kind == TypeKind::I64 || t->kind == TypeKind::Bool;
}

// The tuple whose zero n is: x itself, or the env of the closure x. Null when n is no such zero.
const Type* zeroed_tuple(const Node* n) {
  if (!n->is_prim_apply(Prim::ZerosLike) || n->num_args() != 1 || !n->type || n->type->kind != TypeKind::Tuple)
    return nullptr;
  const Type* t = n->arg(0)->type;
  if (t && t->kind == TypeKind::Explicit) t = t->elems[0];
  if (!t || t->kind != TypeKind::Tuple || t->elems.size() != n->type->elems.size() || t->elems.empty()) return nullptr;
  for (size_t i = 0; i < t->elems.size(); ++i)
    if (!leaf(t->elems[i]) || t->elems[i] != n->type->elems[i]) return nullptr;
  return t;
}

}  // namespace

bool take_apart_zeros(PassContext& ctx) {
  if (!ctx.options.derivatives_expanded) return false;
  ir::Module& m = ctx.module;
  return rewrite_nodes(m, typed_graphs(m), [&](Node* n) -> Rewritten {
    const Type* t = n->graph && generated(n->graph) ? zeroed_tuple(n) : nullptr;
    if (!t) return {};
    Rewritten r;
    Node* x = n->arg(0);
    if (x->type != t) {
      x = prim_apply(m, n, Prim::ClosureEnv, {x}, t);
      r.placed.push_back(x);
    }
    std::vector<Node*> zeros;
    for (size_t i = 0; i < t->elems.size(); ++i) {
      Node* k = typed_constant(m, static_cast<int64_t>(i), ctx.store.i64(), n->loc);
      Node* part = prim_apply(m, n, Prim::TupleGet, {x, k}, t->elems[i]);
      Node* zero = prim_apply(m, n, Prim::ZerosLike, {part}, t->elems[i]);
      r.placed.push_back(part);
      r.placed.push_back(zero);
      zeros.push_back(zero);
    }
    r.value = prim_apply(m, n, Prim::MakeTuple, zeros, n->type);
    r.placed.push_back(r.value);
    return r;
  });
}

}  // namespace fx::opt
