#include "opt/loop_env.hpp"

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
      if (!n->is_prim_apply(Prim::While) || n->num_args() != 3) continue;
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

bool evaluated_before(const LoopSite& site, Prim p, const Node* a, const Node* b) {
  for (const Node* n : site.outer->body) {
    if (n == site.loop) return false;
    if (n->is_prim_apply(p) && n->num_args() == 2 &&
        ((n->arg(0) == a && n->arg(1) == b) || (n->arg(0) == b && n->arg(1) == a)))
      return true;
  }
  return false;
}

}  // namespace fx::opt
