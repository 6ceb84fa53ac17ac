// Dead-graph elimination: a nested graph that no graph constant refers to any more — the
// branch an `if` on a constant no longer takes, the original branches and loop bodies of a
// single-use callee after inlining — can never run. It is retired (Module::retired_graphs)
// together with the graphs nested in it, so that printing (--stage opt), the verifiers and the
// later passes no longer see it. Top-level clones stay: they are the entry points that the
// driver and `ir --fn` look up by name, even when every call of them was inlined. Generated
// top-level graphs (derivative code, while the optimiser runs over it) are no entry point of a
// whole program: one nobody refers to any more (a pullback inlined into its only caller) is
// retired too, so that the analyses over the whole program (dead-results) do not see the
// loops it shares its parts with as read whole.
#include <unordered_set>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

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
    // A clone's only user may be itself (recursion through its own constant) or its
    // descendants: those count too, since a reference from inside a dead graph is dead. So
    // retire one layer at a time: a nested clone nobody refers to, and everything inside it.
    std::unordered_set<const ir::Graph*> dead;
    for (const auto& g : m.graphs)
      if (g->origin && (g->parent || (ctx.options.whole_program && derivative_code(g.get()))) && !referenced.count(g.get()))
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
