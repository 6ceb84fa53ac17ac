// The last-use analysis (last_use.hpp).
#include "interp/last_use.hpp"

#include <algorithm>
#include <unordered_map>

namespace fx::interp {

using ir::Graph;
using ir::Node;

void LastUses::refresh(const ir::Module& m) {
  // Graphs and bodies only grow by adding nodes: unchanged counts mean nothing to redo.
  if (m.graphs.size() == graphs_seen_ && m.nodes.size() == nodes_seen_) return;
  graphs_seen_ = m.graphs.size();
  nodes_seen_ = m.nodes.size();
  uint32_t max_graph = 0, max_node = 0;
  for (const auto& g : m.graphs) max_graph = std::max(max_graph, g->id);
  for (const auto& n : m.nodes) max_node = std::max(max_node, n->id);
  graphs_.assign(m.graphs.empty() ? 0 : max_graph + 1, GraphInfo{});
  nodes_.assign(m.nodes.empty() ? 0 : max_node + 1, NodeInfo{});
  for (const auto& g : m.graphs) graphs_[g->id].captured.assign(g->frame_size(), false);
  // Slots that a nested graph reads: they must outlive their activation's own uses.
  auto mark = [&](const Node* x, const Graph* user) {
    if (!x || x->is_constant() || !x->graph || x->graph == user || x->graph->id >= graphs_.size()) return;
    auto& slots = graphs_[x->graph->id].captured;
    if (x->slot < slots.size()) slots[x->slot] = true;
  };
  for (const auto& g : m.graphs) {
    for (const Node* b : g->body)
      for (const Node* x : b->inputs) mark(x, g.get());
    mark(g->output, g.get());
  }
  for (const auto& g : m.graphs) analyse(g.get());
}

namespace {

// The constant element index of tuple_get node n, or -1 (a negative or non-constant index is
// treated as a read of the whole tuple).
int64_t constant_element(const Node* n) {
  if (!n->is_prim_apply(ir::Prim::TupleGet) || n->inputs.size() != 3) return -1;
  const Node* k = n->inputs[2];
  if (!k->is_constant()) return -1;
  const int64_t* i = std::get_if<int64_t>(&k->value);
  return i && *i >= 0 ? *i : -1;
}

}  // namespace

void LastUses::analyse(const Graph* g) {
  GraphInfo& info = graphs_[g->id];
  info.analysed = true;
  info.body_size = g->body.size();
  const std::vector<bool>& captured = info.captured;
  auto local = [&](const Node* x) {
    return x && !x->is_constant() && x->graph == g && x->slot < captured.size() && !captured[x->slot];
  };
  // What the rest of the graph (after the point the backward scan has reached) reads of a node.
  struct Later {
    bool read = false;   // read at all
    bool whole = false;  // read other than as tuple_get(x, k) with a constant k >= 0
    std::vector<int64_t> elements;
  };
  std::unordered_map<const Node*, Later> later;
  const Node* out = g->output;
  const bool tail = !g->body.empty() && g->body.back() == out;  // evaluated as a call, not read
  if (out && !tail && local(out)) {
    later[out] = Later{true, true, {}};
    info.output_moves = true;
  }
  for (size_t k = g->body.size(); k-- > 0;) {
    const Node* n = g->body[k];
    if (n->id >= nodes_.size()) continue;
    NodeInfo& ni = nodes_[n->id];
    const int64_t element = constant_element(n);
    if (element >= 0 && local(n->inputs[1])) {
      const Later& l = later[n->inputs[1]];
      ni.steals = !l.whole && std::find(l.elements.begin(), l.elements.end(), element) == l.elements.end();
    }
    for (size_t i = n->inputs.size(); i-- > 0;) {
      const Node* x = n->inputs[i];
      if (!local(x)) continue;
      Later& l = later[x];
      if (!l.read && i < 64) ni.moves |= uint64_t{1} << i;
      l.read = true;
      if (element >= 0 && i == 1) l.elements.push_back(element);
      else l.whole = true;
    }
  }
}

}  // namespace fx::interp
