#include "opt/known_shapes.hpp"

#include <unordered_map>
#include <vector>

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

bool plain_number(const Node* x) {
  const types::Type* t = x->type;
  return t && (t->kind == types::TypeKind::F64 || t->kind == types::TypeKind::I64);
}

// Do the types of a and b know all their extents, and the same ones?
bool equal_known_extents(const Node* a, const Node* b) {
  const int64_t rank = types::rank_of(a->type);
  if (!f64_tensor(a) || !f64_tensor(b) || types::rank_of(b->type) != rank) return false;
  for (int64_t i = 0; i < rank; ++i)
    if (types::extent(a->type, i) < 0 || types::extent(a->type, i) != types::extent(b->type, i)) return false;
  return true;
}

// f64 elementwise primitives of the scalar core that never fail on f64 operands of one shape
// (a nan or an infinity is a value, except under --check-nan, which removable.cpp refuses).
bool safe_elementwise(Prim p) {
  switch (p) {
    case Prim::Add: case Prim::Sub: case Prim::Mul: case Prim::Div: case Prim::Pow: case Prim::Neg:
    case Prim::Exp: case Prim::Log: case Prim::Log1p: case Prim::Expm1: case Prim::Sin: case Prim::Cos:
    case Prim::Tan: case Prim::Tanh: case Prim::Sqrt: case Prim::Sigmoid: case Prim::Softplus:
    case Prim::Abs: case Prim::Sign: case Prim::Relu: case Prim::Maximum: case Prim::Minimum:
    case Prim::AddTangent:
      return true;
    default: return false;
  }
}

// The node whose shape x provably has when x was computed (x itself when nothing is known).
// Depth-limited: derivative chains are short, and a long one only loses precision.
const Node* shape_root(const Node* x, int depth = 0);

// The roots found during one query (a public function below), by node: the values of a chain
// share their operands (each of a[k+2] = a[k+1] * a[k] has two readers), so without it the walk
// is exponential in the depth. Any root found for a node is one of the same shape, so reusing
// one found deeper (where the depth limit stopped early) is only less precise.
struct Memo {
  std::unordered_map<const Node*, const Node*> roots;
  int open = 0;
};
thread_local Memo memo;
struct Query {
  Query() { ++memo.open; }
  ~Query() {
    if (--memo.open == 0) memo.roots.clear();
  }
};

// Does root r's shape already contain the shape of root s, so that broadcasting the two
// gives r's shape? When r is s, or r is an elementwise operation one of whose operands has
// root s: r's shape is the broadcast of its operands' (it was computed, so they broadcast),
// and broadcasting is idempotent (softplus(z) - y * z has the shape of y * z).
bool absorbs(const Node* r, const Node* s, int depth) {
  ir::Prim p;
  if (r == s || equal_known_extents(r, s)) return true;
  if (!r->prim_callee(&p) || !safe_elementwise(p)) return false;
  for (size_t i = 0; i < r->num_args(); ++i)
    if (f64_tensor(r->arg(i)) && shape_root(r->arg(i), depth + 1) == s) return true;
  return false;
}

// The one shape root of the tensor operands of an elementwise n (numbers beside them are
// broadcast): the root whose shape absorbs the others', or null when none does.
const Node* common_root(const Node* n, int depth) {
  std::vector<const Node*> roots;
  for (size_t i = 0; i < n->num_args(); ++i) {
    const Node* a = n->arg(i);
    if (plain_number(a)) continue;
    if (!f64_tensor(a)) return nullptr;
    roots.push_back(shape_root(a, depth + 1));
  }
  for (const Node* r : roots) {
    bool all = true;
    for (const Node* s : roots) all = all && absorbs(r, s, depth + 1);
    if (all) return r;
  }
  return nullptr;
}

const Node* uncached_shape_root(const Node* x, int depth);

const Node* shape_root(const Node* x, int depth) {
  Query q;
  auto it = memo.roots.find(x);
  if (it != memo.roots.end()) return it->second;
  const Node* root = uncached_shape_root(x, depth);
  memo.roots.emplace(x, root);
  return root;
}

const Node* uncached_shape_root(const Node* x, int depth) {
  ir::Prim p;
  if (depth > 16 || !f64_tensor(x) || !x->prim_callee(&p)) return x;
  // Results that have an operand's shape whenever they are computed: unbroadcast(ct, like)
  // like's, expand_reduced(ct, x, ...) x's, softmax(x, axis) x's, the adjoints of a product
  // their primal operand's.
  auto follow = [&](size_t i) { return f64_tensor(x->arg(i)) ? shape_root(x->arg(i), depth + 1) : x; };
  if (p == Prim::Unbroadcast && x->num_args() == 2) return follow(1);
  if (p == Prim::ExpandReduced && x->num_args() == 4) return follow(1);
  if ((p == Prim::Softmax || p == Prim::LogSoftmax) && x->num_args() == 2) return follow(0);
  if (p == Prim::MatMulVjpA && x->num_args() == 3) return follow(2);
  if (p == Prim::MatMulVjpB && x->num_args() == 3) return follow(2);
  if (safe_elementwise(p))
    if (const Node* r = common_root(x, depth)) return r;
  return x;
}

}  // namespace

ShapeRootScope::ShapeRootScope() { ++memo.open; }
ShapeRootScope::~ShapeRootScope() {
  if (--memo.open == 0) memo.roots.clear();
}

bool cannot_fail_by_shapes(const Node* n) {
  Query q;
  ir::Prim p;
  if (!n->prim_callee(&p) || !f64_tensor(n)) return false;
  if (safe_elementwise(p)) return common_root(n, 0) != nullptr;
  if (p == Prim::Unbroadcast) return is_identity_unbroadcast(n);
  // expand_reduced(s, x, None, False) of a number s: s at every element of x's shape, the
  // cotangent of a full sum (reverse mode's seed broadcast), whatever that shape is.
  if (p == Prim::ExpandReduced && n->num_args() == 4) {
    const Node* s = n->arg(0);
    const Node* axis = n->arg(2);
    const Node* keepdims = n->arg(3);
    return s->type && s->type->kind == types::TypeKind::F64 && f64_tensor(n->arg(1)) && axis->is_constant() &&
           std::holds_alternative<ir::NoneVal>(axis->value) && keepdims->is_constant() &&
           std::holds_alternative<bool>(keepdims->value) && !std::get<bool>(keepdims->value);
  }
  if ((p == Prim::MatMulVjpA || p == Prim::MatMulVjpB) && n->num_args() == 3) {
    for (size_t i = 0; i < 3; ++i)
      if (!f64_tensor(n->arg(i))) return false;
    // matmul_vjp_a(ct, b, a), matmul_vjp_b(a, ct, b)
    const Node* ct = n->arg(p == Prim::MatMulVjpA ? 0 : 1);
    const Node* a = n->arg(p == Prim::MatMulVjpA ? 2 : 0);
    const Node* b = n->arg(p == Prim::MatMulVjpA ? 1 : 2);
    const Node* m = shape_root(ct);
    return m->is_prim_apply(Prim::MatMul) && m->num_args() == 2 && m->arg(0) == a && m->arg(1) == b;
  }
  return false;
}

ir::Node* shape_root_of(ir::Node* x) {
  return const_cast<Node*>(shape_root(x));  // one of x's operands, transitively: as mutable as x
}

bool same_shape(const Node* a, const Node* b) {
  Query q;
  return f64_tensor(a) && f64_tensor(b) && (shape_root(a) == shape_root(b) || equal_known_extents(a, b));
}

bool is_identity_unbroadcast(const Node* n) {
  return n->is_prim_apply(Prim::Unbroadcast) && n->num_args() == 2 && f64_tensor(n) && same_shape(n->arg(0), n->arg(1));
}

}  // namespace fx::opt
