// Loop-invariant code motion: a node of a loop's body (or condition) graph that reads only
// values from outside the loop computes the same value in every iteration, so it moves out,
// before the `while`, and runs once. The lowering makes every loop a `while` over a state
// tuple with a body graph whose free variables are the loop's invariants; after inlining, the
// products and projections of those invariants land in the body (a gradient's `a * 2.0` in
// every iteration of a reversed loop). Only removable nodes move (removable.hpp): the loop
// may run zero times, and a node that could fail would then fail where it did not before.
// A loop that reads the clock keeps its work: it measures the time that work takes (the
// bench/lib/timing.fx loop around an inlined workload), and moving the work out of the timed
// region would change what the program observes, as a C compiler keeps work between two
// reads of a volatile clock.
#include <unordered_set>

#include "opt/pass.hpp"
#include "opt/removable.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;

// Graphs referenced by exactly one graph constant in the module: only those belong to one
// `while` (a graph used twice cannot take its nodes out into one of the users).
std::unordered_map<const Graph*, size_t> graph_references(const ir::Module& m) {
  std::unordered_map<const Graph*, size_t> refs;
  for (const auto& g : m.graphs) {
    for (const Node* n : g->body)
      for (const Node* in : n->inputs)
        if (in->holds_graph()) ++refs[in->as_graph()];
    if (g->output && g->output->holds_graph()) ++refs[g->output->as_graph()];
  }
  return refs;
}

// Does the loop whose body (or condition) is g read the clock, in g or a graph nested in it?
bool reads_clock(const Graph* g, const ir::Module& m) {
  for (const Node* n : g->body)
    if (n->is_prim_apply(ir::Prim::Clock)) return true;
  for (const auto& h : m.graphs)
    if (h.get() != g && h->nested_in(g))
      for (const Node* n : h->body)
        if (n->is_prim_apply(ir::Prim::Clock)) return true;
  return false;
}

}  // namespace

bool hoist_loop_invariants(PassContext& ctx) {
  auto refs = graph_references(ctx.module);
  bool changed = false;
  for (Graph* outer : typed_graphs(ctx.module)) {
    std::vector<Node*> body;
    body.reserve(outer->body.size());
    // Nodes of `outer` defined so far: what a hoisted node may read from this graph.
    std::unordered_set<const Node*> defined;
    for (Node* w : outer->body) {
      if (w->is_prim_apply(ir::Prim::While) && w->num_args() >= 3) {
        for (size_t k = 0; k < 2; ++k) {
          Node* code = w->arg(k);
          if (!code->holds_graph()) continue;
          Graph* loop = code->as_graph();
          if (loop->parent != outer || refs[loop] != 1 || !loop->origin || reads_clock(loop, ctx.module)) continue;
          // Invariant: constants, nodes of enclosing graphs (outer and its ancestors) that
          // exist before the loop starts, and nodes already hoisted.
          auto invariant = [&](const Node* x) {
            if (x->holds_graph()) {  // a closure of a graph nested in the loop needs the loop's frame
              const Graph* code = x->as_graph();
              return !code->parent || outer->nested_in(code->parent);
            }
            if (x->is_constant()) return true;
            if (x->graph == outer) return x->is_parameter() || defined.count(x) != 0;
            return x->graph != loop && outer->nested_in(x->graph);
          };
          std::vector<Node*> kept;
          for (Node* n : loop->body) {
            bool all = is_removable(n, ctx.options.check_nan);
            for (size_t i = 0; all && i < n->inputs.size(); ++i) all = invariant(n->inputs[i]);
            if (!all) {
              kept.push_back(n);
              continue;
            }
            n->graph = outer;  // its users in the loop now read it as a free variable
            body.push_back(n);
            defined.insert(n);
            changed = true;
          }
          loop->body = std::move(kept);
        }
      }
      body.push_back(w);
      defined.insert(w);
    }
    outer->body = std::move(body);
  }
  return changed;
}

}  // namespace fx::opt
