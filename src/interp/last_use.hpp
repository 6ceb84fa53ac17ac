// Which operand reads are the last ones (internal to src/interp/; docs/tensors.md
// "Interpreter").
//
// A body node's value lives in its frame slot until the activation ends. When an application
// reads a slot for the last time — no later node of the graph, no later operand position of
// the same node and not the graph's output reads it, and no nested graph can (a closure reads
// its parent's frame when it runs, so a slot a nested graph reads is never moved) — the
// evaluator moves the value out instead of copying it. A value nobody else holds then reaches
// its primitive with a reference count of 1, and set_index writes into the tensor in place:
// `x[i] = v` in a loop is O(1), not O(len(x)).
//
// Loop state travels as a tuple (while's body parameter) read with tuple_get. A tuple_get(t, k)
// after which t is read only for other elements may take element k out of t when the frame
// holds the only reference to t ("steals"), so that the element is not shared with the tuple.
//
// Graphs are analysed when the machine starts and, for those the AD engine adds while the
// program runs, when first run (refresh). Evaluation order must read a node's operands from
// the first to the last, as every evaluator path does.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ir/ir.hpp"

namespace fx::interp {

class LastUses {
 public:
  // Analyses the graphs of m not analysed yet (and re-analyses those whose body changed, or
  // that a new nested graph reads). Cheap when nothing changed.
  void refresh(const ir::Module& m);
  bool knows(const ir::Graph* g) const {
    return g->id < graphs_.size() && graphs_[g->id].analysed && graphs_[g->id].body_size == g->body.size();
  }

  // May the evaluator of apply node n move inputs[input] out of its frame slot?
  bool moves(const ir::Node* n, size_t input) const {
    return n->id < nodes_.size() && input < 64 && (nodes_[n->id].moves >> input & 1);
  }
  // May tuple_get node n take its element out of a tuple held only by the frame?
  bool steals(const ir::Node* n) const { return n->id < nodes_.size() && nodes_[n->id].steals; }
  // May the graph's output be moved out of its slot when the activation returns?
  bool output_moves(const ir::Graph* g) const { return knows(g) && graphs_[g->id].output_moves; }
  // captured(g)[slot]: does a graph nested in g read that slot? Null when g is unknown.
  const std::vector<bool>* captured(const ir::Graph* g) const {
    return g->id < graphs_.size() && graphs_[g->id].analysed ? &graphs_[g->id].captured : nullptr;
  }

 private:
  struct GraphInfo {
    bool analysed = false;
    bool output_moves = false;
    size_t body_size = 0;
    std::vector<bool> captured;
  };
  struct NodeInfo {
    uint64_t moves = 0;  // bit i: inputs[i]
    bool steals = false;
  };
  void analyse(const ir::Graph* g);

  std::vector<GraphInfo> graphs_;
  std::vector<NodeInfo> nodes_;
  size_t graphs_seen_ = 0, nodes_seen_ = 0;  // the module's sizes at the last refresh
};

}  // namespace fx::interp
