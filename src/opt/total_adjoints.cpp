#include "opt/total_adjoints.hpp"

#include "types/type.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using ir::Prim;

bool f64_tensor(const Node* x) {
  const types::Type* t = x->type;
  if (!t || !types::is_tensor(t) || types::rank_of(t) < 1) return false;
  const types::Type* d = types::dtype_of(t);
  return d && d->kind == types::TypeKind::F64;
}

// Is ct unbroadcast(x, m) for m = matmul(a, b)?
bool cotangent_of_product(const Node* ct, const Node* a, const Node* b) {
  if (!ct->is_prim_apply(Prim::Unbroadcast) || ct->num_args() != 2) return false;
  const Node* m = ct->arg(1);
  return m->is_prim_apply(Prim::MatMul) && m->num_args() == 2 && m->arg(0) == a && m->arg(1) == b;
}

}  // namespace

bool is_total_adjoint(const Node* n) {
  if (n->num_args() != 3) return false;
  for (size_t i = 0; i < 3; ++i)
    if (!f64_tensor(n->arg(i))) return false;
  if (n->is_prim_apply(Prim::MatMulVjpA)) return cotangent_of_product(n->arg(0), n->arg(2), n->arg(1));  // (ct, b, a)
  if (n->is_prim_apply(Prim::MatMulVjpB)) return cotangent_of_product(n->arg(1), n->arg(0), n->arg(2));  // (a, ct, b)
  return false;
}

}  // namespace fx::opt
