// Which nodes a transform built only to differentiate (ir::Node::follows_primal): the
// optimiser may drop them when unused although it cannot prove their shapes agree, because
// they agree by construction once the primal they differentiate has run. The primal itself
// (what a rule sets as the node's primal, and what it computes that from) is the user's
// operation and may fail, so it stays unmarked and DCE keeps its located error.
#include <unordered_set>
#include <vector>

#include "ad/context.hpp"

namespace fx::ad::context_impl {

void mark_follows_primal(ir::Graph* g, size_t from, const ir::Node* primal) {
  std::unordered_set<const ir::Node*> fresh(g->body.begin() + static_cast<std::ptrdiff_t>(from), g->body.end());
  std::unordered_set<const ir::Node*> computes_primal;
  std::vector<const ir::Node*> work;
  if (primal) work.push_back(primal);
  while (!work.empty()) {
    const ir::Node* n = work.back();
    work.pop_back();
    if (!fresh.count(n) || !computes_primal.insert(n).second) continue;
    for (const ir::Node* in : n->inputs) work.push_back(in);
  }
  for (size_t i = from; i < g->body.size(); ++i)
    if (!computes_primal.count(g->body[i])) g->body[i]->follows_primal = true;
}

}  // namespace fx::ad::context_impl
