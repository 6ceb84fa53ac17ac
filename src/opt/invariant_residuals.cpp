// Loop-invariant residuals leave the tape (issue #13, "recompute or store"). Reverse mode
// through a loop runs a forward loop that pushes each iteration's pullback closure onto a
// stack, then a backward loop that pops them. The pullback's env holds what the backward
// iteration needs; some of it is the same in every iteration, because the body read it from
// outside the loop: `r = r * x` saves (x, r) per iteration although x never changes. Taped,
// such a value costs a store per iteration (a retain, for a tensor: an LSTM's weights) and a
// load in the backward loop. Here the backward loop reads it from its own env instead: the
// value is computed once before the forward loop (the chain the body read it through, read in
// the graph running the loop), and a copy of the backward body reads it as an env element of
// its own. dead-results then finds the tape's component unread and makes it `()`, so the tape
// holds only what varies (`r`).
//
// Where: a backward `while` whose initial state holds, at some component, the stack a forward
// `while` of the same graph returns; the forward loop starts that stack empty and its body
// pushes one closure per iteration, `make_closure(@back, make_tuple(...))`; the backward body
// only pops it (so every entry it reads was pushed by that body). An env element of the pushed
// closure is invariant when the body read it through its own env (`tuple_get($env, i)`, or
// tuple_get / closure_env of such a value: loop_env.hpp's env chain), or is a constant. Reads
// in the backward body of `tuple_get(closure_env(list_top(stack)), j)` for such j are what
// moves. The value read is the value pushed, so nothing changes but where it comes from.
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

// Is x tuple_get(p, k) of the state parameter p?
bool state_read(const Node* x, const Node* p, int64_t k) {
  int64_t i;
  return x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2 && x->arg(0) == p && constant_int(x->arg(1), &i) &&
         i == k;
}

// Numbers and tensors only. A tuple or closure (the forward body's whole env, captured by its
// pullback) stays taped: moved to the env, the zero of it that the backward body sums a
// cotangent into was no longer taken apart (GradBench's particle then needed a dense zero per
// iteration natively, as tests/lang/native/saddle_descent.fx does).
bool leaf(const types::Type* t) {
  using types::TypeKind;
  return t && (t->kind == TypeKind::F64 || t->kind == TypeKind::I64 || t->kind == TypeKind::Bool ||
               t->kind == TypeKind::Tensor);
}

const Graph* body_of(const LoopSite& site) { return site.loop->arg(1)->arg(0)->as_graph(); }

// A converted loop: a closure of a closed body of (env, state) whose output is a state tuple.
bool converted(const LoopSite& site) {
  if (!site.env) return false;
  const Graph* body = body_of(site);
  return body->params.size() == 2 && body->output && body->output->is_prim_apply(Prim::MakeTuple) &&
         site.loop->arg(2)->is_prim_apply(Prim::MakeTuple);
}

// The closure the forward loop's body pushes at state component k, onto a stack that starts
// empty: make_closure(@back, make_tuple(...)); null when it is anything else.
const Node* pushed_closure(const LoopSite& forward, int64_t k) {
  const Graph* body = body_of(forward);
  const Node* init = forward.loop->arg(2);
  const Node* out = body->output;
  auto at = static_cast<size_t>(k);
  if (at >= init->num_args() || at >= out->num_args() || !init->arg(at)->is_prim_apply(Prim::ListEmpty)) return nullptr;
  const Node* push = out->arg(at);
  if (!push->is_prim_apply(Prim::ListPush) || push->num_args() != 2 || !state_read(push->arg(0), body->params[1], k))
    return nullptr;
  const Node* c = push->arg(1);
  return c->is_prim_apply(Prim::MakeClosure) && c->num_args() == 2 && c->arg(1)->is_prim_apply(Prim::MakeTuple) ? c
                                                                                                               : nullptr;
}

// Does the backward body only pop the stack at state component k (or hand it on as it is)?
bool only_pops(const Graph* body, int64_t k) {
  const Node* out = body->output;
  auto at = static_cast<size_t>(k);
  if (at >= out->num_args()) return false;
  const Node* next = out->arg(at);
  if (next->is_prim_apply(Prim::ListPop) && next->num_args() == 1) next = next->arg(0);
  return state_read(next, body->params[1], k);
}

// j when x is tuple_get(closure_env(list_top(tuple_get(state, k))), j) in the backward body.
bool entry_read(const Graph* body, const Node* x, int64_t k, int64_t* j) {
  if (!x->is_prim_apply(Prim::TupleGet) || x->num_args() != 2 || !constant_int(x->arg(1), j) || !x->type) return false;
  const Node* env = x->arg(0);
  if (!env->is_prim_apply(Prim::ClosureEnv) || env->num_args() != 1) return false;
  const Node* top = env->arg(0);
  return top->is_prim_apply(Prim::ListTop) && top->num_args() == 1 && state_read(top->arg(0), body->params[1], k);
}

// Moves the invariant residuals of the stack at component k of the backward loop's state,
// pushed by the forward loop; true when some moved.
bool move_residuals(PassContext& ctx, const LoopSite& forward, const LoopSite& backward, int64_t k_forward,
                    int64_t k_backward) {
  const Node* closure = pushed_closure(forward, k_forward);
  const Graph* back_body = body_of(backward);
  if (!closure || !only_pops(back_body, k_backward)) return false;
  const Graph* forward_body = body_of(forward);
  const Node* residuals = closure->arg(1);
  auto invariant = [&](int64_t j) {
    if (j < 0 || static_cast<size_t>(j) >= residuals->num_args()) return false;
    const Node* r = residuals->arg(static_cast<size_t>(j));
    return r->is_constant() || env_chain(forward_body, r);
  };
  std::unordered_map<int64_t, std::vector<const Node*>> reads;
  for (const Node* n : back_body->body) {
    int64_t j;
    if (entry_read(back_body, n, k_backward, &j) && invariant(j) && leaf(n->type)) reads[j].push_back(n);
  }
  if (reads.empty()) return false;
  // The values, read before the forward loop (reading a tuple's element or a closure's env
  // cannot fail, so reading them where the loop may not run changes nothing).
  EnvLifting before_forward(ctx, forward);
  EnvLifting before_backward(ctx, backward);
  std::vector<Node*> values(backward.env->inputs.begin() + 1, backward.env->inputs.end());
  std::unordered_map<const Node*, size_t> slot;
  for (const auto& [j, nodes] : reads) {
    Node* r = residuals->arg(static_cast<size_t>(j));
    Node* value = r->is_constant() ? r : before_forward.outside(r);
    for (const Node* n : nodes) slot[n] = values.size();
    values.push_back(value);
  }
  before_forward.insert_placed();
  Graph* code = before_backward.copy_body(slot, values);
  std::vector<const types::Type*> types;
  for (Node* v : values) types.push_back(v->type);
  Node* env = before_backward.place(Prim::MakeTuple, values, ctx.store.tuple(types));
  Node* body = before_backward.place(Prim::MakeClosure, {typed_constant(ctx.module, code, nullptr, backward.loop->loc), env},
                                     ctx.store.explicit_closure(code, env->type));
  const_cast<Node*>(backward.loop)->inputs[2] = body;  // the body operand, arg(1)
  before_backward.insert_placed();
  return true;
}

}  // namespace

bool drop_invariant_residuals(PassContext& ctx) {
  auto sites_of = loop_sites(ctx.module);
  auto children = children_of(ctx.module);
  std::unordered_map<const Node*, LoopSite> site_at;
  // A body with graphs nested in it is not copied (EnvLifting copies the body's own nodes).
  for (const auto& [body, sites] : sites_of)
    for (const LoopSite& s : sites)
      if (converted(s) && !children.count(body)) site_at.emplace(s.loop, s);
  bool changed = false;
  // In the module's order, so that the graphs made here are numbered alike in every run (the
  // C text, and with it the JIT cache's key, depends on it).
  std::vector<LoopSite> backwards;
  for (const auto& g : ctx.module.graphs)
    for (const Node* n : g->body)
      if (auto it = site_at.find(n); it != site_at.end()) backwards.push_back(it->second);
  for (const LoopSite& backward : backwards) {
    const Node* init = backward.loop->arg(2);
    for (size_t k = 0; k < init->num_args(); ++k) {
      const Node* stack = init->arg(k);
      int64_t k_forward;
      if (!stack->is_prim_apply(Prim::TupleGet) || stack->num_args() != 2 || !constant_int(stack->arg(1), &k_forward))
        continue;
      auto forward = site_at.find(stack->arg(0));
      if (forward == site_at.end() || forward->second.outer != backward.outer) continue;
      // One rewrite per backward loop and run: its body operand is a new closure now, which
      // the next round's sites see.
      if (move_residuals(ctx, forward->second, backward, k_forward, static_cast<int64_t>(k))) {
        changed = true;
        break;
      }
    }
  }
  return changed;
}

}  // namespace fx::opt
