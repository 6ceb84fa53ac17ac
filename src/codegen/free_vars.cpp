#include "codegen/free_vars.hpp"

#include <algorithm>
#include <set>

#include "ir/code_operands.hpp"

namespace fx::codegen {

std::vector<const ir::Node*> evaluated_inputs(const ir::Node* n) {
  return {n->inputs.begin(), n->inputs.begin() + static_cast<std::ptrdiff_t>(ir::value_inputs(n))};
}

namespace {

struct ById {
  bool operator()(const ir::Node* a, const ir::Node* b) const { return a->id < b->id; }
};

// What g reads from outside itself without looking into other graphs, and the graphs it names.
void direct_uses(const ir::Graph* g, std::set<const ir::Node*, ById>& reads, std::vector<const ir::Graph*>& named) {
  auto use = [&](const ir::Node* x) {
    if (x->holds_graph()) named.push_back(x->as_graph());
    else if (!x->is_constant() && x->graph != g) reads.insert(x);
  };
  for (const ir::Node* n : g->body)
    for (const ir::Node* x : evaluated_inputs(n)) use(x);
  if (g->output) use(g->output);
}

}  // namespace

FreeVariables::FreeVariables(const std::vector<const ir::Graph*>& graphs) {
  std::unordered_map<const ir::Graph*, std::set<const ir::Node*, ById>> sets;
  std::unordered_map<const ir::Graph*, std::vector<const ir::Graph*>> named;
  for (const ir::Graph* g : graphs) direct_uses(g, sets[g], named[g]);
  for (bool changed = true; changed;) {
    changed = false;
    for (const ir::Graph* g : graphs) {
      auto& mine = sets[g];
      for (const ir::Graph* h : named[g]) {
        auto it = sets.find(h);
        if (it == sets.end() || h == g) continue;
        for (const ir::Node* x : it->second)
          if (x->graph != g && mine.insert(x).second) changed = true;
      }
    }
  }
  for (auto& [g, set] : sets) fvs_[g].assign(set.begin(), set.end());
}

const std::vector<const ir::Node*>& FreeVariables::of(const ir::Graph* g) const {
  static const std::vector<const ir::Node*> none;
  auto it = fvs_.find(g);
  return it == fvs_.end() ? none : it->second;
}

}  // namespace fx::codegen
