// Checks a loop body repeats: a converted loop body reads its vectors through its env
// (loop_env.hpp), so nothing inside it shows that two of them have the same length — but the
// graph that runs the loop may have checked it already, before the loop: jacfwd computes the
// primal dot(v1, v2) before its direction loop, which then calls the function's forward
// transform, and that computes dot(v1, v2) again each iteration (dead: jacfwd keeps only the
// tangent), and the tangents dot(one_hot(k, len(v1)), v2) and dot(v1, zeros_like(v2)). The
// lengths of two env values agree when a dot of them ran before the loop (in every loop that
// runs the body), or when the graph running the loop is the checked copy of a versioned loop
// (loop_versions.cpp: it runs only when len(v1) == len(v2)). Then, in the body:
//   dot(a, b), a * b, a + b, a - b nobody reads     cannot fail: deleted (DCE keeps them)
//   dot(one_hot(k, len(a)), b) = b[k],  dot(a, zeros_like(b)) = 0.0
//   sum(one_hot(k, len(a)) * b) = b[k],  a * zero = zero,  a + zero = a + 0.0
// where a zero is zeros_like(b) in the body or one made outside the loop and read through the
// env (jacfwd of a closure: the zero tangent of its captured vector). A vector b of one element
// (by its type) broadcasts against any length: sum(one_hot(k, len(a)) * b) = b[0], a * zero
// of one element = zeros_like(a), an elementwise operation with it has the other operand's
// length and cannot fail (jacfwd of a closure over a captured vector of one element). These are the laws of
// one_hot_products.cpp (real arithmetic, off under --check-nan), with the lengths known from
// outside instead of from the types. With loop_counters.cpp deleting the one_hot, jacfwd's
// gradient of dot does O(1) work per direction whatever the vectors' length (dF~ §5.2).
#include <cmath>

#include "opt/loop_env.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

bool vector(const Node* x) { return x->type && types::is_tensor(x->type) && types::rank_of(x->type) == 1; }

bool f64_vector(const Node* x) {
  const types::Type* d = vector(x) ? types::dtype_of(x->type) : nullptr;
  return d && d->kind == types::TypeKind::F64;
}

const Node* basis_of_length(const Node* x);

// A vector of one element by its type: it broadcasts against a vector of any length.
bool one_element(const Node* x) { return vector(x) && types::extent(x->type, 0) == 1; }

// A vector of the body with x's length, read from outside where it can be: y for a zeros_like(y)
// made in the body, u for one_hot(k, len(u)), an operand for an elementwise operation of two
// vectors whose lengths agree; else x.
const Node* sized(const ir::Module& m, const Graph* body, const std::vector<LoopSite>& sites, const Node* x,
                  int depth = 0) {
  if (depth > 8) return x;
  if (x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1 && vector(x->arg(0))) return x->arg(0);
  if (const Node* u = basis_of_length(x)) return u;
  bool elementwise = x->is_prim_apply(Prim::Add) || x->is_prim_apply(Prim::Sub) || x->is_prim_apply(Prim::Mul) ||
                     x->is_prim_apply(Prim::Div);
  if (!elementwise || x->num_args() != 2 || !vector(x) || !vector(x->arg(0)) || !vector(x->arg(1))) return x;
  // With a vector of one element, the result has the other operand's length.
  if (one_element(x->arg(1)) && !one_element(x->arg(0))) return sized(m, body, sites, x->arg(0), depth + 1);
  if (one_element(x->arg(0)) && !one_element(x->arg(1))) return sized(m, body, sites, x->arg(1), depth + 1);
  const Node* a = sized(m, body, sites, x->arg(0), depth + 1);
  const Node* b = sized(m, body, sites, x->arg(1), depth + 1);
  return lengths_agree(m, body, sites, a, b) ? a : x;
}

// Do a and b, vectors of `body`, have one length for every loop that runs it?
bool agree(const ir::Module& m, const Graph* body, const std::vector<LoopSite>& sites, const Node* a, const Node* b) {
  return lengths_agree(m, body, sites, sized(m, body, sites, a), sized(m, body, sites, b));
}

// A structural zero: zeros_like(y) in the body, or one made outside and read through the env.
bool zero(const ir::Module& m, const Graph* body, const std::vector<LoopSite>& sites, const Node* x) {
  return (x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1 && vector(x)) || env_zero(m, body, sites, x);
}

// u when x is one_hot(k, len(u)) of an i64 k, a vector of u's length.
const Node* basis_of_length(const Node* x) {
  if (!x->is_prim_apply(Prim::OneHot) || x->num_args() != 2 || !x->arg(0)->type ||
      x->arg(0)->type->kind != types::TypeKind::I64 || !vector(x))
    return nullptr;
  return length_operand(x->arg(1));
}

// v[k] when x = one_hot(k, len(u)) and v has u's length; in the elementwise form
// (`broadcasts`), v[0] when v has one element (one_hot(k, n) * v is v[0] at k, zeros
// elsewhere; a dot needs one length).
Node* basis_read(PassContext& ctx, const Graph* body, const std::vector<LoopSite>& sites, Node* n, Node* x, Node* v,
                 bool broadcasts = false) {
  const Node* u = basis_of_length(x);
  if (!u || !f64_vector(v)) return nullptr;
  Node* at = nullptr;
  if (broadcasts && one_element(v))
    at = typed_constant(ctx.module, int64_t{0}, ctx.store.i64(), n->loc);
  else if (agree(ctx.module, body, sites, u, v))
    at = x->arg(0);
  else
    return nullptr;
  return prim_apply(ctx.module, n, Prim::Index,
                    {v, typed_constant(ctx.module, std::string("i"), ctx.store.str(), n->loc), at}, n->type);
}

Rewritten simplified(PassContext& ctx, const Graph* body, const std::vector<LoopSite>& sites, Node* n) {
  if (ctx.options.check_nan || !n->type || n->num_args() < 2) return {};
  const ir::Module& m = ctx.module;
  if (n->is_prim_apply(Prim::Dot) && n->num_args() == 2 && n->type->kind == types::TypeKind::F64) {
    for (int side = 0; side < 2; ++side) {
      Node* x = n->arg(side);
      Node* v = n->arg(1 - side);
      if (Node* read = basis_read(ctx, body, sites, n, x, v)) return {read, {read}, false};
      if (zero(m, body, sites, x) && agree(m, body, sites, x, v))
        return {typed_constant(ctx.module, 0.0, n->type, n->loc), {}, false};
    }
    return {};
  }
  // The elementwise forms, as sum(v1 * v2) writes the dot.
  if (f64_vector(n) && n->num_args() == 2 && (n->is_prim_apply(Prim::Mul) || n->is_prim_apply(Prim::Add))) {
    for (int side = 0; side < 2; ++side) {
      Node* z = n->arg(side);
      Node* a = n->arg(1 - side);
      if (!zero(m, body, sites, z) || !f64_vector(a)) continue;
      // a * zero of one element is a zero of a's length (real arithmetic).
      if (n->is_prim_apply(Prim::Mul) && one_element(z) && !one_element(a) && n->type == a->type) {
        Node* zeros = prim_apply(ctx.module, n, Prim::ZerosLike, {a}, n->type);
        return {zeros, {zeros}, false};
      }
      if (!agree(m, body, sites, a, z)) continue;
      // a * zero is the zero (real arithmetic); a + zero is a + 0.0, exactly, with no zero made.
      if (n->is_prim_apply(Prim::Mul)) return can_replace(n, z) ? Rewritten{z, {}, false} : Rewritten{};
      Node* plus = prim_apply(ctx.module, n, Prim::Add, {a, typed_constant(ctx.module, 0.0, ctx.store.f64(), n->loc)}, n->type);
      return {plus, {plus}, false};
    }
    return {};
  }
  if (full_sum(n)) {
    // sum(one_hot(k, len(u)) * v) is v[k]; sum(one_hot(k, len(u)) * v + 0.0) is v[k] + 0.0.
    Node* t = n->arg(0);
    Node* plus_zero = nullptr;
    double c;
    if (t->is_prim_apply(Prim::Add) && t->num_args() == 2 && constant_float(t->arg(1), &c) && c == 0.0 &&
        !std::signbit(c)) {
      plus_zero = t->arg(1);
      t = t->arg(0);
    }
    if (!t->is_prim_apply(Prim::Mul) || t->num_args() != 2 || !f64_vector(t)) return {};
    for (int side = 0; side < 2; ++side) {
      Node* read = basis_read(ctx, body, sites, n, t->arg(side), t->arg(1 - side), true);
      if (!read) continue;
      if (!plus_zero) return {read, {read}, false};
      Node* plus = prim_apply(ctx.module, n, Prim::Add, {read, plus_zero}, n->type);
      return {plus, {read, plus}, false};
    }
  }
  return {};
}

// An elementwise operation of two vectors (or a dot) nobody reads, whose lengths agree: it
// cannot fail, so it may go (DCE keeps it: with other lengths it would).
bool dead_and_safe(const ir::Module& m, const Graph* body, const std::vector<LoopSite>& sites, const Node* n,
                   size_t uses) {
  if (uses != 0 || n->num_args() != 2) return false;
  bool elementwise = n->is_prim_apply(Prim::Add) || n->is_prim_apply(Prim::Sub) || n->is_prim_apply(Prim::Mul);
  if (!n->is_prim_apply(Prim::Dot) && !(elementwise && f64_vector(n))) return false;
  return f64_vector(n->arg(0)) && f64_vector(n->arg(1)) &&
         ((elementwise && (one_element(n->arg(0)) || one_element(n->arg(1)))) ||
          agree(m, body, sites, n->arg(0), n->arg(1)));
}

}  // namespace

bool simplify_loop_env_checks(PassContext& ctx) {
  std::unordered_map<const Node*, size_t> uses = count_uses(ctx.module);
  auto sites_of = loop_sites(ctx.module);
  std::vector<Graph*> bodies;
  for (const auto& [body, sites] : sites_of)
    if (body->origin && !sites.empty()) bodies.push_back(const_cast<Graph*>(body));
  return rewrite_nodes(ctx.module, bodies, [&](Node* n) {
    const Graph* body = n->graph;
    const std::vector<LoopSite>& sites = sites_of.at(body);
    if (!ctx.options.check_nan && dead_and_safe(ctx.module, body, sites, n, uses[n])) return Rewritten{nullptr, {}, true};
    return simplified(ctx, body, sites, n);
  });
}

}  // namespace fx::opt
