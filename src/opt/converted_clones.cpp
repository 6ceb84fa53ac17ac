#include "opt/converted_clones.hpp"

#include <unordered_map>

#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;

// The clone the closures of type t are made from: the graph every graph constant of type t
// holds (the emitter lays out t's env from it); null when there is none or more than one.
const Graph* clone_of(const ir::Module& m, const types::Type* t) {
  const Graph* found = nullptr;
  bool several = false;
  auto look = [&](const Node* x) {
    if (!x->holds_graph() || x->type != t) return;
    if (found && found != x->as_graph()) several = true;
    found = x->as_graph();
  };
  for (const auto& g : m.graphs) {
    if (!g->origin) continue;
    for (const Node* n : g->body)
      for (const Node* in : n->inputs) look(in);
    if (g->output) look(g->output);
  }
  return several ? nullptr : found;
}

// The clone call n runs: the one the specialiser recorded, else (the expansion's calls have no
// record) `made` when the arguments' types fit its parameters, as the emitter picks it
// (emitter.cpp closure_target); only `made` itself, whose free variables are the env's layout.
bool runs_made(PassContext& ctx, const Node* n, const Graph* made) {
  std::vector<Graph*> recorded = ctx.checker.call_targets(n);
  if (!recorded.empty()) return recorded.size() == 1 && recorded[0] == made;
  if (made->params.size() != n->num_args()) return false;
  for (size_t i = 0; i < n->num_args(); ++i) {
    const types::Type* a = n->arg(i)->type;
    const types::Type* p = made->params[i]->type;
    if (!a || !p || !(a == p || (types::is_tensor(a) && types::is_tensor(p) && types::fits(a, p)))) return false;
  }
  // Another clone of the same function in the same scope might fit too (the emitter picks by
  // fit): kept to the one-clone case.
  for (const auto& g : ctx.module.graphs)
    if (g.get() != made && g->origin == made->origin && g->parent == made->parent &&
        g->params.size() == made->params.size())
      return false;
  return true;
}

// Can clone be copied as straight-line code whose values from outside are its free variables
// `fvs`: no nested graph, no call through a value or with keywords, no graph constant of a
// nested graph (its closure would need converting too), every operand a parameter, a node of
// its own, a free variable or a constant?
bool simple(const ir::Module& m, const Graph* clone, const std::vector<const Node*>& fvs) {
  for (const auto& g : m.graphs)
    if (g->parent == clone) return false;
  std::unordered_map<const Node*, bool> known;
  for (const Node* p : clone->params) known[p] = true;
  for (const Node* fv : fvs) {
    if (!fv->type) return false;
    known[fv] = true;
  }
  auto operand = [&](const Node* x) {
    if (x->is_constant()) return !x->holds_graph() || !x->as_graph()->parent;
    return known.count(x) != 0;
  };
  for (const Node* b : clone->body) {
    if (!b->type || !b->callee()->is_constant() || !b->keywords.empty()) return false;
    for (const Node* in : b->inputs)
      if (!operand(in)) return false;
    known[b] = true;
  }
  return clone->output && operand(clone->output);
}

// cc(clone): a top-level graph (env, params...) whose body is clone's, reading free variable i
// as tuple_get(env, i). It is derivative code of `origin`'s (verified and reset as such).
Graph* converted_copy(PassContext& ctx, const Graph* clone, const std::vector<const Node*>& fvs, const Graph* origin) {
  ir::Module& m = ctx.module;
  Graph* g = m.new_graph(clone->name + "[cc]", nullptr, clone->loc, ir::GraphRole::Function);
  g->origin = origin;
  std::vector<const types::Type*> types;
  for (const Node* fv : fvs) types.push_back(fv->type);
  Node* env = m.add_param(g, "$env", clone->loc);
  env->type = ctx.store.tuple(types);
  std::unordered_map<const Node*, Node*> to;
  for (const Node* p : clone->params) {
    Node* q = m.add_param(g, p->name, p->loc);
    q->type = p->type;
    to[p] = q;
  }
  for (size_t i = 0; i < fvs.size(); ++i) {
    Node* index = typed_constant(m, static_cast<int64_t>(i), ctx.store.i64(), clone->loc);
    Node* read = detached_apply(m, g, {m.prim(ir::Prim::TupleGet), env, index}, clone->loc, fvs[i]->type, fvs[i]->name);
    g->body.push_back(read);
    to[fvs[i]] = read;
  }
  auto use = [&](Node* x) { return to.count(x) ? to.at(x) : x; };
  for (const Node* b : clone->body) {
    std::vector<Node*> inputs;
    for (Node* in : b->inputs) inputs.push_back(use(in));
    Node* copy = detached_apply(m, g, std::move(inputs), b->loc, b->type, b->name);
    copy->arg_locs = b->arg_locs;
    copy->follows_primal = b->follows_primal;
    g->body.push_back(copy);
    to[b] = copy;
  }
  g->output = use(clone->output);
  return g;
}

}  // namespace

Node* call_converted_clone(PassContext& ctx, Graph* g, Node* n, std::vector<Node*>& before) {
  const types::Type* t = n->callee()->type;
  if (!ctx.options.converted_env || !derivative_code(g) || !t || t->kind != types::TypeKind::Closure || !t->graph ||
      !t->graph->parent)
    return nullptr;
  const Graph* made = clone_of(ctx.module, t);
  if (!made || !made->origin || !runs_made(ctx, n, made)) return nullptr;
  const std::vector<const Node*>& fvs = ctx.options.converted_env(made);
  if (!simple(ctx.module, made, fvs)) return nullptr;
  Graph* copy = converted_copy(ctx, made, fvs, g->origin);
  Node* env = detached_apply(ctx.module, g, {ctx.module.prim(ir::Prim::ClosureEnv), n->callee()}, n->loc,
                             copy->params[0]->type);
  before.push_back(env);
  std::vector<Node*> inputs{ctx.module.constant(copy), env};
  inputs.insert(inputs.end(), n->inputs.begin() + 1, n->inputs.end());
  return detached_apply(ctx.module, g, std::move(inputs), n->loc, n->type, n->name);
}

}  // namespace fx::opt
