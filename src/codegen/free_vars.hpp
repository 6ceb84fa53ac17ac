// Free variables of the typed clones, for lambda lifting: every graph becomes one C function
// that takes, before its parameters, the values of enclosing graphs it reads, directly or
// through the graphs it calls or creates as closures (docs/ir.md "Free variables").
#pragma once
#include <unordered_map>
#include <vector>

#include "ir/ir.hpp"

namespace fx::codegen {

class FreeVariables {
 public:
  // Computes the free variables of every graph in `graphs` (closed under the graph constants
  // they use), to a fixpoint: recursion through siblings and parents is allowed.
  explicit FreeVariables(const std::vector<const ir::Graph*>& graphs);

  // The nodes of strict ancestors that g reads, in node-id order.
  const std::vector<const ir::Node*>& of(const ir::Graph* g) const;

 private:
  std::unordered_map<const ir::Graph*, std::vector<const ir::Node*>> fvs_;
};

// The graph constants an Apply node uses as code or values: its inputs, except the clones a
// closure_at lists (code references that are never evaluated).
std::vector<const ir::Node*> evaluated_inputs(const ir::Node* n);

}  // namespace fx::codegen
