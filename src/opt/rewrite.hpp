// The small toolkit every pass shares: which graphs are optimised, node replacement with one
// sweep over the module, use counts, and typed constructors for new nodes (every node a pass
// creates carries its type, so that the type verifier can check the result).
#pragma once
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/ir.hpp"
#include "types/type.hpp"

namespace fx::opt {

// The typed clones (Graph::origin set), parents before the graphs nested in them.
std::vector<ir::Graph*> typed_graphs(const ir::Module& m);

// Replacements recorded during a pass and applied to every input and output of the module in
// one sweep; a replaced Apply node leaves its graph's body. Chains (a → b, b → c) resolve.
class Replacements {
 public:
  void add(ir::Node* from, ir::Node* to) { map_[from] = to; }
  ir::Node* resolve(ir::Node* n) const;
  // Substitutes the inputs of n that were replaced already (passes call it before reading n).
  void refresh(ir::Node* n) const;
  bool empty() const { return map_.empty(); }
  // Applies the replacements to the whole module; true when there were any.
  bool apply(ir::Module& m);

 private:
  std::unordered_map<ir::Node*, ir::Node*> map_;
};

// How many times each node is used as an input or an output, over every graph of the module.
std::unordered_map<const ir::Node*, size_t> count_uses(const ir::Module& m);

// A new constant with its type (constants are shared nodes: a new one per use is fine).
ir::Node* typed_constant(ir::Module& m, ir::ConstValue v, const types::Type* type, SourceLoc loc);
// A new Apply node of graph g that is not in g's body yet (the caller places it). It goes
// through g->body for a moment: callers must not be iterating over g->body.
ir::Node* detached_apply(ir::Module& m, ir::Graph* g, std::vector<ir::Node*> inputs, SourceLoc loc,
                         const types::Type* type, std::string name = "");

// May `replacement` stand wherever `node` is used? Its type must be the node's, or a tensor
// type that fits it (one that knows more extents): the users' types stay valid.
bool can_replace(const ir::Node* node, const ir::Node* replacement);

// What a local rewrite makes of one node (rewrite_nodes).
struct Rewritten {
  ir::Node* value = nullptr;       // stands for the node wherever it is read; null: the node stays
  std::vector<ir::Node*> placed;   // the new Apply nodes (detached_apply) the value needs, value
                                   // included when it is one: they go where the node was, in order
  bool erased = false;             // the node goes and nothing stands for it (nobody reads it)
};

// The loop every local rewrite shares: each node of `graphs` (parents before children, inputs
// already replaced) is offered to `rewrite`; a value that can_replace the node stands for it
// from then on, its placed nodes taking the node's place in the body. True when something
// changed.
bool rewrite_nodes(ir::Module& m, const std::vector<ir::Graph*>& graphs,
                   const std::function<Rewritten(ir::Node*)>& rewrite);

// rewrite_nodes over the typed graphs, for rewrites whose value is a node that exists already
// or a constant (nothing to place).
bool replace_nodes(ir::Module& m, const std::function<ir::Node*(ir::Node*)>& replacement);

// Is g derivative code: a generated graph (its own origin while the optimiser runs over the
// expanded program, Compilation::optimise_derivatives), or a copy a pass made of one, which
// names it as its origin (a versioned loop's branch, a loop body reading lifted env elements)?
bool derivative_code(const ir::Graph* g);

// The graphs nested in each graph (children, not grandchildren).
std::unordered_map<const ir::Graph*, std::vector<ir::Graph*>> children_of(const ir::Module& m);

// A new Apply of primitive p on args in n's graph, with n's location and name (detached_apply).
ir::Node* prim_apply(ir::Module& m, ir::Node* n, ir::Prim p, std::vector<ir::Node*> args, const types::Type* type);
// sum(t, None, False) of type f64: the number that is the sum of all of t's elements.
bool full_sum(const ir::Node* n);

// The value of a scalar constant node as i64/f64, when it is one.
bool constant_int(const ir::Node* n, int64_t* out);
bool constant_float(const ir::Node* n, double* out);
// The string of a str constant node (a field's name), or null.
const std::string* constant_string(const ir::Node* n);

}  // namespace fx::opt
