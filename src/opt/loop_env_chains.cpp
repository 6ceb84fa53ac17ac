// Scalar replacement of a direction loop's env (issue #13). jacfwd of a closure,
// `jacfwd(lambda v: micro_dot(v, w))(x)`, hands its direction loop the closure's forward
// transform and the closure's zero tangent, and the body reaches the captured vector and its
// zero through them: w is tuple_get(closure_env(tuple_get($env, 0)), 0) and its tangent
// tuple_get(tuple_get($env, 1), 0), where the graph running the loop made env element 1 as
// zeros_like(f). The rewrites that take the loop apart need to see those values as what they
// are outside (loop_env.hpp: a zero made before the loop, a vector whose length is known):
// the one-hot laws (loop_env_checks.cpp) and the row-loop normalisation (row_loops.cpp) read
// env elements only. So the values the body reads through such a chain are computed once
// before the loop (the chain read in the graph running it: w = tuple_get(closure_env(f), 0),
// its zero zeros_like(w)) and passed as env elements of their own, to a copy of the body that
// reads them there. The values are the ones the body read; reading a tuple's element or a
// closure's env cannot fail, so computing them before a loop that may not run changes nothing.
// Only tensors, and only in a loop whose body builds a basis vector (one_hot: jacfwd's direction
// loop), where the laws need them. loop_versions.cpp does the same for the checked copy of a
// loop it versions (both with loop_env_lifting.hpp).
#include <unordered_map>

#include "opt/loop_env.hpp"
#include "opt/loop_env_lifting.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

// Lifts the chains of one loop: their values become env elements of a copy of the body.
void lift(PassContext& ctx, const LoopSite& site, const std::vector<const Node*>& chains) {
  ir::Module& m = ctx.module;
  EnvLifting lifting(ctx, site);
  std::vector<Node*> values(site.env->inputs.begin() + 1, site.env->inputs.end());
  std::unordered_map<const Node*, size_t> slot;
  for (const Node* n : chains) {
    slot[n] = values.size();
    values.push_back(lifting.outside(n));
  }
  Graph* code = lifting.copy_body(slot, values);
  std::vector<const types::Type*> types;
  for (Node* v : values) types.push_back(v->type);
  Node* env = lifting.place(Prim::MakeTuple, values, ctx.store.tuple(types));
  Node* closure = lifting.place(Prim::MakeClosure, {typed_constant(m, code, nullptr, site.loop->loc), env},
                                ctx.store.explicit_closure(code, env->type));
  const_cast<Node*>(site.loop)->inputs[2] = closure;  // the body operand, arg(1)
  lifting.insert_placed();
}

bool builds_basis(const Graph* body) {
  for (const Node* n : body->body)
    if (n->is_prim_apply(Prim::OneHot)) return true;
  return false;
}

// A loop of derivative code whose body is a closure of closed code made where the loop runs,
// from an env tuple.
bool converted(const LoopSite& site, const Graph* body) {
  const Node* b = site.loop->arg(1);
  return site.env && b->is_prim_apply(Prim::MakeClosure) && b->type && body->params.size() == 2 &&
         body->params[0]->type && body->params[0]->type->kind == types::TypeKind::Tuple;
}

}  // namespace

bool lift_loop_env_chains(PassContext& ctx) {
  auto sites_of = loop_sites(ctx.module);
  auto children = children_of(ctx.module);
  bool changed = false;
  for (const auto& [body, sites] : sites_of) {
    if (!body->origin || sites.size() != 1 || children.count(body) || !converted(sites[0], body) || !builds_basis(body))
      continue;
    std::vector<const Node*> chains;
    for (const Node* n : body->body)
      if (types::is_tensor(n->type) && !direct_env_read(body, n) && env_chain(body, n)) chains.push_back(n);
    if (chains.empty()) continue;
    // Loops are independent: a lift adds nodes before its own loop and replaces its body
    // operand, which leaves every other site as it was.
    lift(ctx, sites[0], chains);
    changed = true;
  }
  return changed;
}

}  // namespace fx::opt
