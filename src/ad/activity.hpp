// Activity analysis for the reverse transform: a node is active when its value depends on
// the graph's parameters (varied) and its cotangent can reach the output (useful). Inactive
// nodes are copied to the forward sweep and ignored by the backward sweep: no pullback is
// kept for an inactive call, no cotangent computed for an integer or a condition.
#pragma once
#include <unordered_set>

#include "ir/ir.hpp"

namespace fx::ad {

class Registry;

class Activity {
 public:
  Activity(const ir::Graph& g, const Registry& rules);
  bool active(const ir::Node* n) const { return active_.count(n) != 0; }

 private:
  std::unordered_set<const ir::Node*> active_;
};

}  // namespace fx::ad
