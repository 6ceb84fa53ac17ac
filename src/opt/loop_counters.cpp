// Loop counters: what a `while` tells about its counter, used to delete the checks it makes
// pointless. In a loop whose state element c starts at a constant i0 >= 0, grows by 1 in the
// body, and is compared to a constant N by the condition (state[c] < N), the body only ever runs
// with 0 <= state[c] < N. Forward mode's direction loop is such a loop (jacfwd: k from 0 while
// k < n), and what it reads of its counter is one_hot(k, n) — an O(n) value that checks k's range.
// Once one_hot_products.cpp has turned its product into v[k] nothing reads it, but DCE keeps it,
// since one_hot fails for k outside [0, n) (removable.cpp). Here, with k known to be in range,
// a dead one_hot(k, n) with n >= N cannot fail and is deleted: the direction loop does O(1) work
// per direction instead of O(n) (dF~ §5.2's loop normalisation, for the counter's range). Only
// for n up to kMaxExtent: a larger one_hot could fail to allocate, an error the program reports.
// The body graph must be run by such loops only (every reference to it is a loop's body), so
// that no other caller runs it with another state.
#include <algorithm>
#include <unordered_map>

#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

// The code of a loop's condition or body operand (a graph constant, or a converted closure
// make_closure(@code, env)), and its env node (null for a graph constant).
const Graph* code_of(const Node* x, const Node** env) {
  *env = nullptr;
  if (x->holds_graph()) return x->as_graph();
  if (x->is_prim_apply(Prim::MakeClosure) && x->num_args() == 2 && x->arg(0)->holds_graph()) {
    *env = x->arg(1);
    return x->arg(0)->as_graph();
  }
  return nullptr;
}

// Is x `tuple_get(s, c)`?
bool element(const Node* x, const Node* s, int64_t c) {
  int64_t i;
  return x->is_prim_apply(Prim::TupleGet) && x->num_args() == 2 && x->arg(0) == s && constant_int(x->arg(1), &i) &&
         i == c;
}

// The constant value of x in graph g, whose env parameter is bound to `env` (a make_tuple).
bool constant_in(const Node* x, const Graph* g, const Node* env, int64_t* out) {
  if (constant_int(x, out)) return true;
  if (!env || g->params.size() != 2 || !env->is_prim_apply(Prim::MakeTuple)) return false;
  int64_t j;
  if (!x->is_prim_apply(Prim::TupleGet) || x->arg(0) != g->params[0] || !constant_int(x->arg(1), &j)) return false;
  return j >= 0 && static_cast<size_t>(j) < env->num_args() && constant_int(env->arg(static_cast<size_t>(j)), out);
}

constexpr int64_t kMaxExtent = int64_t(1) << 20;  // 8 MiB of f64

struct Counter {
  int64_t index;  // the state element
  int64_t bound;  // state[index] < bound whenever the body runs
};

// The counters of while node w whose body is `body`.
std::vector<Counter> counters(const Node* w, const Graph*& body) {
  std::vector<Counter> out;
  const Node *cond_env, *body_env;
  const Graph* cond = code_of(w->arg(0), &cond_env);
  body = code_of(w->arg(1), &body_env);
  const Node* init = w->arg(2);
  if (!cond || !body || !cond->output || !body->output || cond->params.empty() || body->params.empty() ||
      !init->is_prim_apply(Prim::MakeTuple) || !body->output->is_prim_apply(Prim::MakeTuple))
    return out;
  const Node* test = cond->output;
  if (!test->is_prim_apply(Prim::Lt) || test->num_args() != 2) return out;
  const Node* cond_state = cond->params.back();
  const Node* body_state = body->params.back();
  int64_t c, bound, start, step;
  const Node* read = test->arg(0);
  if (!read->is_prim_apply(Prim::TupleGet) || read->arg(0) != cond_state || !constant_int(read->arg(1), &c)) return out;
  if (c < 0 || static_cast<size_t>(c) >= init->num_args() || static_cast<size_t>(c) >= body->output->num_args())
    return out;
  if (!constant_in(test->arg(1), cond, cond_env, &bound)) return out;
  if (!constant_int(init->arg(static_cast<size_t>(c)), &start) || start < 0) return out;
  const Node* next = body->output->arg(static_cast<size_t>(c));
  if (!next->is_prim_apply(Prim::Add) || next->num_args() != 2 || !element(next->arg(0), body_state, c) ||
      !constant_int(next->arg(1), &step) || step != 1)
    return out;
  out.push_back({c, bound});
  return out;
}

}  // namespace

bool drop_checked_counter_reads(PassContext& ctx) {
  std::unordered_map<const Graph*, size_t> references;
  for (const auto& g : ctx.module.graphs) {
    for (const Node* n : g->body)
      for (const Node* in : n->inputs)
        if (in->holds_graph()) ++references[in->as_graph()];
    if (g->output && g->output->holds_graph()) ++references[g->output->as_graph()];
  }
  std::unordered_map<const Node*, size_t> uses = count_uses(ctx.module);
  // Per body graph: the counters every loop running it has (state index → the largest bound),
  // and how many loops run it. A body that an inlined copy of a loop shares with the original
  // is run by both: what holds in each holds in the body.
  std::unordered_map<const Graph*, std::unordered_map<int64_t, int64_t>> bounds;
  std::unordered_map<const Graph*, size_t> loops;
  for (const auto& g : ctx.module.graphs) {
    for (const Node* w : g->body) {
      if (!w->is_prim_apply(Prim::While) || w->num_args() != 3) continue;
      const Graph* body = nullptr;
      std::vector<Counter> found = counters(w, body);
      if (!body) continue;
      if (!w->arg(1)->is_constant() && uses[w->arg(1)] != 1) continue;  // the closure is used elsewhere too
      std::unordered_map<int64_t, int64_t> mine;
      for (const Counter& k : found) mine[k.index] = k.bound;
      if (loops[body]++ == 0) {
        bounds[body] = mine;
        continue;
      }
      auto& all = bounds[body];  // keep the counters every loop has, with the larger bound
      std::erase_if(all, [&](const auto& kb) { return !mine.count(kb.first); });
      for (auto& [index, bound] : all) bound = std::max(bound, mine[index]);
    }
  }
  bool changed = false;
  for (Graph* b : typed_graphs(ctx.module)) {
    auto it = bounds.find(b);
    if (it == bounds.end() || it->second.empty() || loops[b] != references[b]) continue;
    size_t before = b->body.size();
    std::erase_if(b->body, [&](const Node* n) {
      int64_t extent;
      if (!n->is_prim_apply(Prim::OneHot) || n->num_args() != 2 || uses[n] != 0 || !constant_int(n->arg(1), &extent) ||
          extent > kMaxExtent)
        return false;
      for (const auto& [index, bound] : it->second)
        if (element(n->arg(0), b->params.back(), index) && extent >= bound) return true;
      return false;
    });
    changed |= b->body.size() != before;
  }
  return changed;
}

}  // namespace fx::opt
