// Dead-graph elimination: a nested graph that no graph constant refers to any more — the
// branch an `if` on a constant no longer takes, the original branches and loop bodies of a
// single-use callee after inlining — can never run. It is retired (Module::retired_graphs)
// together with the graphs nested in it, so that printing (--stage opt), the verifiers and the
// later passes no longer see it. Top-level clones stay: they are the entry points that the
// driver and `ir --fn` look up by name, even when every call of them was inlined. Generated
// top-level graphs (derivative code, while the optimiser runs over it) are no entry point of a
// whole program: one nobody refers to any more (a pullback inlined into its only caller) is
// retired too, so that the analyses over the whole program (dead-results) do not see the
// loops it shares its parts with as read whole. Nobody there means nobody that may run: the
// untyped graphs the expansion's earlier rounds over a recursion leave in the module (docs/ad.md
// §10) name the pullbacks of those rounds, which recursion-acc's copies replace, and those
// share their loop parts with the copies too (GradBench's det).
#include <unordered_set>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

// Generated top-level graphs are no entry point of a whole program (Compilation::
// optimise_derivatives makes each its own origin while the optimiser runs over it; a pass's
// copy of one names it as its origin: rewrite.hpp's derivative_code).
bool generated_root(const ir::Graph& g) { return !g.parent && derivative_code(&g); }

// The graphs a whole program may run: from its typed clones of user code (the entry points
// among them), every graph a constant of a graph reached names, and, to be safe, every graph
// the type of a value there names (a call through a value runs the code its type names in C)
// and the targets the checker recorded for a call through a value.
std::unordered_set<const ir::Graph*> may_run(const PassContext& ctx) {
  std::unordered_set<const ir::Graph*> seen;
  std::unordered_set<const types::Type*> seen_types;
  std::vector<const ir::Graph*> work;
  auto reach = [&](const ir::Graph* g) {
    if (g && seen.insert(g).second) work.push_back(g);
  };
  auto reach_type = [&](const types::Type* t) {
    std::vector<const types::Type*> types{t};
    while (!types.empty()) {
      const types::Type* u = types.back();
      types.pop_back();
      if (!u || !seen_types.insert(u).second) continue;
      reach(u->graph);
      types.insert(types.end(), u->elems.begin(), u->elems.end());
    }
  };
  auto reach_node = [&](const ir::Node* x) {
    if (x->holds_graph()) reach(x->as_graph());
    reach_type(x->type);
  };
  for (const auto& g : ctx.module.graphs)
    if (g->origin && !g->parent && !generated_root(*g)) reach(g.get());
  while (!work.empty()) {
    const ir::Graph* g = work.back();
    work.pop_back();
    for (const ir::Node* p : g->params) reach_node(p);
    for (const ir::Node* n : g->body) {
      reach_node(n);
      for (const ir::Node* in : n->inputs) reach_node(in);
      if (!n->inputs.empty() && !n->callee()->is_constant())
        for (const ir::Graph* target : ctx.checker.call_targets(n)) reach(target);
    }
    if (g->output) reach_node(g->output);
  }
  return seen;
}

}  // namespace

bool eliminate_dead_graphs(PassContext& ctx) {
  ir::Module& m = ctx.module;
  bool changed = false;
  for (bool again = true; again;) {
    again = false;
    std::unordered_set<const ir::Graph*> referenced;
    for (const auto& g : m.graphs) {
      for (const ir::Node* n : g->body)
        for (const ir::Node* in : n->inputs)
          if (in->holds_graph()) referenced.insert(in->as_graph());
      if (g->output && g->output->holds_graph()) referenced.insert(g->output->as_graph());
    }
    // On a whole program a generated top-level graph stays only where something that may run
    // names it.
    if (ctx.options.whole_program) {
      const std::unordered_set<const ir::Graph*> live = may_run(ctx);
      for (const auto& g : m.graphs)
        if (generated_root(*g) && !live.count(g.get())) referenced.erase(g.get());
    }
    // A clone's only user may be itself (recursion through its own constant) or its
    // descendants: those count too, since a reference from inside a dead graph is dead. So
    // retire one layer at a time: a nested clone nobody refers to, and everything inside it.
    std::unordered_set<const ir::Graph*> dead;
    for (const auto& g : m.graphs)
      if (g->origin && (g->parent || (ctx.options.whole_program && generated_root(*g))) && !referenced.count(g.get()))
        dead.insert(g.get());
    if (dead.empty()) break;
    for (const auto& g : m.graphs)
      for (const ir::Graph* p = g->parent; p; p = p->parent)
        if (dead.count(p)) {
          dead.insert(g.get());
          break;
        }
    for (auto& g : m.graphs)
      if (dead.count(g.get())) m.retired_graphs.push_back(std::move(g));
    std::erase_if(m.graphs, [](const auto& g) { return g == nullptr; });
    changed = again = true;
  }
  return changed;
}

}  // namespace fx::opt
