#include "opt/loop_env.hpp"

#include <algorithm>

#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

constexpr int kMaxDepth = 8;

}  // namespace

std::unordered_map<const Graph*, std::vector<LoopSite>> loop_sites(const ir::Module& m) {
  std::unordered_map<const Graph*, size_t> references;
  for (const auto& g : m.graphs)
    for (const Node* n : g->body)
      for (const Node* in : n->inputs)
        if (in->holds_graph()) ++references[in->as_graph()];
  // A generated graph (its own origin while the optimiser runs over derivative code) that
  // nothing refers to never runs: a template inlined everywhere it was called.
  auto runs = [&](const Graph* g) { return !(g->origin == g && !g->parent && references[g] == 0); };
  std::unordered_map<const Node*, size_t> uses = count_uses(m);
  std::unordered_map<const Graph*, size_t> live_references;
  std::unordered_map<const Graph*, std::vector<LoopSite>> sites;
  for (const auto& g : m.graphs) {
    if (!runs(g.get())) continue;
    for (const Node* n : g->body) {
      for (const Node* in : n->inputs)
        if (in->holds_graph()) ++live_references[in->as_graph()];
      if (!n->is_prim_apply(Prim::While) || n->num_args() < 3) continue;
      const Node* body = n->arg(1);
      if (body->holds_graph()) {
        sites[body->as_graph()].push_back({g.get(), n, nullptr});
      } else if (body->is_prim_apply(Prim::MakeClosure) && body->num_args() == 2 && body->arg(0)->holds_graph() &&
                 body->arg(1)->is_prim_apply(Prim::MakeTuple) && uses[body] == 1) {
        sites[body->arg(0)->as_graph()].push_back({g.get(), n, body->arg(1)});
      }
    }
    if (g->output && g->output->holds_graph()) ++live_references[g->output->as_graph()];
  }
  std::erase_if(sites, [&](const auto& entry) { return entry.second.size() != live_references[entry.first]; });
  return sites;
}

const Node* outer_value(const Graph* body, const Node* x, const LoopSite& site) {
  int64_t i;
  if (!site.env || body->params.size() != 2 || !x->is_prim_apply(Prim::TupleGet) || x->arg(0) != body->params[0] ||
      !constant_int(x->arg(1), &i) || i < 0 || static_cast<size_t>(i) >= site.env->num_args())
    return nullptr;
  return site.env->arg(static_cast<size_t>(i));
}

bool same_value(const Graph* body, const Node* x, const LoopSite& site, const Node* y, int depth) {
  if (x == y) return true;
  if (x->is_constant() || y->is_constant()) {
    int64_t a, b;
    return constant_int(x, &a) && constant_int(y, &b) && a == b;
  }
  if (const Node* o = outer_value(body, x, site)) return o == y;
  ir::Prim p, q;
  if (depth >= kMaxDepth || !x->prim_callee(&p) || !y->prim_callee(&q) || p != q ||
      ir::prim_info(p).flag != ir::PrimFlag::PURE || x->inputs.size() != y->inputs.size())
    return false;
  for (size_t i = 1; i < x->inputs.size(); ++i) {
    const Node* xi = x->inputs[i];
    const Node* yi = y->inputs[i];
    bool same_string = xi->is_constant() && yi->is_constant() && std::holds_alternative<std::string>(xi->value) &&
                       std::holds_alternative<std::string>(yi->value) && xi->as_str() == yi->as_str();
    if (!same_string && !same_value(body, xi, site, yi, depth + 1)) return false;
  }
  return true;
}

bool env_chain(const Graph* body, const Node* x, int depth) {
  int64_t i;
  if (depth > kMaxDepth || !x->type) return false;
  if (x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2 && constant_int(x->arg(1), &i))
    return x->arg(0) == body->params[0] || env_chain(body, x->arg(0), depth + 1);
  if (x->is_prim_apply(Prim::ClosureEnv) && x->num_args() == 1) return env_chain(body, x->arg(0), depth + 1);
  return false;
}

bool direct_env_read(const Graph* body, const Node* x) {
  return x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2 && x->arg(0) == body->params[0];
}

bool evaluated_before(const LoopSite& site, Prim p, const Node* a, const Node* b) {
  for (const Node* n : site.outer->body) {
    if (n == site.loop) return false;
    if (n->is_prim_apply(p) && n->num_args() == 2 &&
        ((n->arg(0) == a && n->arg(1) == b) || (n->arg(0) == b && n->arg(1) == a)))
      return true;
  }
  return false;
}

namespace {

bool vector(const Node* x) { return x->type && types::is_tensor(x->type) && types::rank_of(x->type) == 1; }

// x when n is len(x) of a vector x (the form loop_versions.cpp writes the check in).
const Node* len_operand(const Node* n) {
  return n->is_prim_apply(Prim::Len) && n->num_args() == 1 && vector(n->arg(0)) ? n->arg(0) : nullptr;
}

// i when x is tuple_get(p, i) of g's env parameter p (a closed graph of one parameter).
bool env_read(const Graph* g, const Node* x, int64_t* i) {
  return g->params.size() == 1 && x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2 &&
         x->arg(0) == g->params[0] && constant_int(x->arg(1), i) && *i >= 0;
}

// The outer node a loop body's env read stands for, looking through a zero: y for zeros_like(y).
const Node* length_root(const Graph* body, const Node* x, const LoopSite& site) {
  const Node* o = outer_value(body, x, site);
  if (o && o->is_prim_apply(Prim::ZerosLike) && o->num_args() == 1 && vector(o->arg(0))) return o->arg(0);
  return o;
}

const Node* without_zero(const Node* x) {
  return x->is_prim_apply(Prim::ZerosLike) && x->num_args() == 1 && vector(x->arg(0)) ? x->arg(0) : x;
}

// The value x, an env read of closed graph g, has where g's one closure is made: element i of
// make_closure(@g, make_tuple(...)); null when g has no single such closure.
const Node* entry_value(const ir::Module& m, const Graph* g, const Node* x) {
  int64_t i;
  if (!env_read(g, x, &i)) return nullptr;
  const Node* found = nullptr;
  for (const auto& outer : m.graphs)
    for (const Node* n : outer->body)
      for (size_t k = 1; k < n->inputs.size(); ++k)
        if (n->inputs[k]->holds_graph() && n->inputs[k]->as_graph() == g) {
          bool closure = n->is_prim_apply(Prim::MakeClosure) && k == 1 && n->arg(1)->is_prim_apply(Prim::MakeTuple);
          if (!closure || found) return nullptr;
          found = n->arg(1);
        }
  return found && static_cast<size_t>(i) < found->num_args() ? found->arg(static_cast<size_t>(i)) : nullptr;
}

}  // namespace

const Node* length_operand(const Node* x) {
  int64_t i;
  if (x->is_prim_apply(Prim::Len) && x->num_args() == 1 && vector(x->arg(0))) return x->arg(0);
  if (!x->is_prim_apply(Prim::TupleGet) || x->num_args() != 2 || !constant_int(x->arg(1), &i) || i != 0) return nullptr;
  const Node* s = x->arg(0);
  const std::string* field = s->is_prim_apply(Prim::GetAttr) && s->num_args() == 2 ? constant_string(s->arg(1)) : nullptr;
  return field && *field == "shape" && vector(s->arg(0)) ? s->arg(0) : nullptr;
}

bool lengths_checked_on_entry(const ir::Module& m, const Graph* g, const Node* a, const Node* b) {
  int64_t i, j;
  if (!env_read(g, a, &i) || !env_read(g, b, &j)) return false;
  for (const auto& outer : m.graphs)
    for (const Node* n : outer->body) {
      if (!n->is_prim_apply(Prim::If) || n->num_args() != 3) continue;
      const Node* then = n->arg(1);
      if (!then->is_prim_apply(Prim::MakeClosure) || then->num_args() != 2 || !then->arg(0)->holds_graph() ||
          then->arg(0)->as_graph() != g || !then->arg(1)->is_prim_apply(Prim::MakeTuple))
        continue;
      const Node* env = then->arg(1);
      const Node* c = n->arg(0);
      if (!c->is_prim_apply(Prim::Eq) || c->num_args() != 2 || static_cast<size_t>(std::max(i, j)) >= env->num_args())
        continue;
      // len(x) == len(y), or len(x) == k where len(y) of a y whose type knows its extent was
      // folded to that constant (known_extents.cpp).
      const Node* lhs = c->arg(0);
      const Node* rhs = c->arg(1);
      if (!len_operand(lhs)) std::swap(lhs, rhs);
      const Node* x = len_operand(lhs);
      const Node* y = len_operand(rhs);
      int64_t k;
      // A zero made of a vector, zeros_like(w), has w's length.
      const Node* ea = without_zero(env->arg(static_cast<size_t>(i)));
      const Node* eb = without_zero(env->arg(static_cast<size_t>(j)));
      if (x && !y && constant_int(rhs, &k) &&
          ((ea == x && types::extent(eb->type, 0) == k) || (eb == x && types::extent(ea->type, 0) == k)))
        return true;
      if (x && y && ((ea == x && eb == y) || (ea == y && eb == x))) return true;
    }
  return false;
}

bool same_vector_on_entry(const ir::Module& m, const Graph* g, const Node* a, const Node* b) {
  const Node* x = entry_value(m, g, a);
  const Node* y = entry_value(m, g, b);
  return x && y && vector(x) && without_zero(x) == without_zero(y);
}

bool equal_lengths(const ir::Module& m, const LoopSite& site, const Node* a, const Node* b) {
  return a == b || evaluated_before(site, Prim::Dot, a, b) || lengths_checked_on_entry(m, site.outer, a, b) ||
         same_vector_on_entry(m, site.outer, a, b);
}

namespace {

// The length of vector x when it is known where x is: its type's extent, or n of a basis vector
// one_hot(k, n) of a constant n (a direction loop over a vector whose type knows its extent);
// -1 otherwise.
int64_t known_length(const Node* x) {
  int64_t n = types::extent(x->type, 0);
  if (n < 0 && x->is_prim_apply(Prim::OneHot) && x->num_args() == 2 && !constant_int(x->arg(1), &n)) n = -1;
  return n;
}

}  // namespace

bool lengths_agree(const ir::Module& m, const Graph* body, const std::vector<LoopSite>& sites, const Node* a,
                   const Node* b) {
  if (!vector(a) || !vector(b)) return false;
  if (a == b) return true;
  if (known_length(a) >= 0 && known_length(a) == known_length(b)) return true;
  for (const LoopSite& site : sites) {
    const Node* x = length_root(body, a, site);
    const Node* y = length_root(body, b, site);
    if (!x || !y || !equal_lengths(m, site, x, y)) return false;
  }
  return true;
}

bool env_zero(const ir::Module& m, const Graph* body, const std::vector<LoopSite>& sites, const Node* x) {
  if (sites.empty() || !vector(x)) return false;
  for (const LoopSite& site : sites) {
    const Node* o = outer_value(body, x, site);
    // The graph running the loop may itself read the value from its env (a versioned loop's copy).
    if (o && !o->is_prim_apply(Prim::ZerosLike)) o = entry_value(m, site.outer, o);
    if (!o || !o->is_prim_apply(Prim::ZerosLike)) return false;
  }
  return true;
}

}  // namespace fx::opt
