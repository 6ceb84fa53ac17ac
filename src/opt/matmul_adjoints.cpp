// Adjoints of products of vectors: reverse mode differentiates `a @ b` with matmul_vjp_a(ct, b, a)
// = ct bᵀ and matmul_vjp_b(a, ct, b) = aᵀ ct (ad/rules/tensor_linalg.cpp), written for any ranks
// with matrix products (runtime/src/adjoint.cpp). When an operand is a vector, each element of
// the cotangent is one product, and the matrix product is a plain product:
//   a, b vectors (y = a·b, ct a number):   matmul_vjp_a = ct * b,        matmul_vjp_b = a * ct
//   a a vector, b a matrix (y = a @ b):    matmul_vjp_b = outer(a, ct)
//   a a matrix, b a vector (y = a @ b):    matmul_vjp_a = outer(ct, b)
// This is how the gradient of u @ M @ v with respect to M becomes outer(u, v) (dF~ §5): the
// cotangent of u @ M is ct * v, with ct = 1.0 (identities then drop the 1.0).
// Each element is the same single product the matrix product computes, so the values agree to
// the bit. What must not change is the error: matmul_vjp checks that ct has the shape of a @ b,
// and a cotangent handed to vjp's pullback may not (vjp does not check it;
// tests/errors/ad/vjp_cotangent_wrong_shape.fx). A number ct is the cotangent of a number, always right; a
// vector ct is rewritten only when its types show that its extent is the one a @ b has.
// Only f64 operands of known rank are rewritten; anything else keeps its adjoint.
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

bool f64_of_rank(const Node* x, int64_t rank) {
  const types::Type* t = x->type;
  if (!t) return false;
  if (rank == 0) return t->kind == types::TypeKind::F64;
  const types::Type* d = types::dtype_of(t);
  return types::is_tensor(t) && types::rank_of(t) == rank && d && d->kind == types::TypeKind::F64;
}

// Do the types show that x's extent along axis ax is y's along ay?
bool same_extent(const Node* x, int64_t ax, const Node* y, int64_t ay) {
  int64_t e = types::extent(x->type, ax);
  return e >= 0 && e == types::extent(y->type, ay);
}

Node* product(PassContext& ctx, Node* n, Prim p, Node* x, Node* y) {
  return detached_apply(ctx.module, n->graph, {ctx.module.prim(p), x, y}, n->loc, n->type, n->name);
}

// The plain product n stands for, or null.
Node* plain_form(PassContext& ctx, Node* n) {
  Node* made = nullptr;
  if (n->is_prim_apply(Prim::MatMulVjpA) && n->num_args() == 3) {  // (ct, b, a): a's cotangent
    Node* ct = n->arg(0);
    Node* b = n->arg(1);
    Node* a = n->arg(2);
    if (f64_of_rank(a, 1) && f64_of_rank(b, 1) && f64_of_rank(ct, 0)) made = product(ctx, n, Prim::Mul, ct, b);
    else if (f64_of_rank(a, 2) && f64_of_rank(b, 1) && f64_of_rank(ct, 1) && same_extent(ct, 0, a, 0))
      made = product(ctx, n, Prim::Outer, ct, b);
  } else if (n->is_prim_apply(Prim::MatMulVjpB) && n->num_args() == 3) {  // (a, ct, b): b's cotangent
    Node* a = n->arg(0);
    Node* ct = n->arg(1);
    Node* b = n->arg(2);
    if (f64_of_rank(a, 1) && f64_of_rank(b, 1) && f64_of_rank(ct, 0)) made = product(ctx, n, Prim::Mul, a, ct);
    else if (f64_of_rank(a, 1) && f64_of_rank(b, 2) && f64_of_rank(ct, 1) && same_extent(ct, 0, b, 1))
      made = product(ctx, n, Prim::Outer, a, ct);
  }
  return made;
}

}  // namespace

bool simplify_matmul_adjoints(PassContext& ctx) {
  return rewrite_nodes(ctx.module, typed_graphs(ctx.module), [&](Node* n) {
    Node* plain = plain_form(ctx, n);
    return plain ? Rewritten{plain, {plain}, false} : Rewritten{};
  });
}

}  // namespace fx::opt
