// Scalar replacement of a converted loop's env, the part two passes share: env-chains
// (loop_env_chains.cpp) and loop-versions (loop_versions.cpp, for its checked copy) both compute,
// in the graph running a loop, the values its body reads through a chain of its env (a captured
// vector tuple_get(closure_env(tuple_get($env, 0)), 0), an element of a zero tangent), and run a
// copy of the body that reads them as env elements of their own.
#pragma once
#include <unordered_map>
#include <vector>

#include "opt/loop_env.hpp"
#include "opt/pass.hpp"

namespace fx::opt {

class EnvLifting {
 public:
  EnvLifting(PassContext& ctx, const LoopSite& site);

  // The node of the graph running the loop that x, an env chain of the body, stands for: read
  // there before the loop (reading a tuple's element or a closure's env cannot fail).
  ir::Node* outside(const ir::Node* x);

  // A node p(args) of the graph running the loop, placed before the loop: an equal one there is
  // reused (not a tuple, closure or if, which the caller makes to own them).
  ir::Node* place(ir::Prim p, std::vector<ir::Node*> args, const types::Type* type);
  // n, a detached node of that graph, to be placed before the loop.
  ir::Node* placed(ir::Node* n);
  // Puts the nodes placed so far before the loop, in order.
  void insert_placed();

  // A copy of the body whose nodes in `slot` read env element slot[n] instead, with an env
  // typed as env_values are.
  ir::Graph* copy_body(const std::unordered_map<const ir::Node*, size_t>& slot,
                       const std::vector<ir::Node*>& env_values);

  ir::Node* index(size_t i);

 private:
  static bool same_args(const ir::Node* n, const std::vector<ir::Node*>& args);
  // Element j of t, a tuple or a closure (of its env), typed `type`; env_type is the env's.
  ir::Node* element(ir::Node* t, int64_t j, const types::Type* type, const types::Type* env_type);

  PassContext& ctx_;
  ir::Module& m_;
  ir::Graph* outer_;
  ir::Node* loop_;
  const ir::Node* env_;
  ir::Graph* body_;
  std::vector<ir::Node*> placed_;
  std::unordered_map<const ir::Node*, ir::Node*> outside_;
};

}  // namespace fx::opt
