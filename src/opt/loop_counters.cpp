// Loop counters: what a `while` tells about its counter, used to delete the checks it makes
// pointless. In a loop whose state element c starts at a constant i0 >= 0, grows by 1 in the
// body, and is compared to a bound N by the condition (state[c] < N: a constant, or a value
// from outside the loop, loop_env.hpp), the body only ever runs with 0 <= state[c] < N. Forward mode's direction loop is such a loop (jacfwd: k from 0 while
// k < n), and what it reads of its counter is one_hot(k, n) — an O(n) value that checks k's range.
// Once one_hot_products.cpp has turned its product into v[k] nothing reads it, but DCE keeps it,
// since one_hot fails for k outside [0, n) (removable.cpp). Here, with k known to be in range,
// a dead one_hot(k, n) with n >= N (a constant, or N itself) cannot fail and is deleted: the
// direction loop does O(1) work per direction instead of O(n) (dF~ §5.2's loop normalisation,
// for the counter's range). A constant n only up to kMaxExtent (a larger one_hot could fail to
// allocate, an error the program reports); n = N only when N reads an existing tensor's extent,
// so that a one_hot of that length was within the allocation limit as the tensor was.
// The body graph must be run by such loops only (every reference to it is a loop's body), so
// that no other caller runs it with another state; what holds for each of them holds in it.
#include <algorithm>
#include <unordered_map>

#include "opt/loop_env.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

namespace {

using ir::Graph;
using ir::Node;
using ir::Prim;

constexpr int64_t kMaxExtent = int64_t(1) << 20;  // 8 MiB of f64

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

// An extent read of a tensor: tuple_get(get_attr(u, "shape"), i) or len(u).
bool extent_read(const Node* x) {
  if (x->is_prim_apply(Prim::Len)) return x->num_args() == 1 && types::is_tensor(x->arg(0)->type);
  if (!x->is_prim_apply(Prim::TupleGet) || x->num_args() != 2) return false;
  const Node* s = x->arg(0);
  return s->is_prim_apply(Prim::GetAttr) && s->num_args() == 2 && types::is_tensor(s->arg(0)->type) &&
         s->arg(1)->is_constant() && std::holds_alternative<std::string>(s->arg(1)->value) &&
         s->arg(1)->as_str() == "shape";
}

// The condition's bound as seen from the loop's graph: a constant, or the node outside.
struct Bound {
  bool constant = false;
  int64_t value = 0;
  const Node* node = nullptr;
};

struct Counter {
  int64_t index;  // the state element
  Bound bound;    // state[index] < bound whenever the body runs
};

// The counter of while node w, if it has one.
bool counter_of(const Node* w, Counter* out) {
  const Node *cond_env, *body_env;
  const Graph* cond = code_of(w->arg(0), &cond_env);
  const Graph* body = code_of(w->arg(1), &body_env);
  const Node* init = w->arg(2);
  if (!cond || !body || !cond->output || !body->output || cond->params.empty() || body->params.empty() ||
      !init->is_prim_apply(Prim::MakeTuple) || !body->output->is_prim_apply(Prim::MakeTuple))
    return false;
  const Node* test = cond->output;
  if (!test->is_prim_apply(Prim::Lt) || test->num_args() != 2) return false;
  int64_t c, start, step;
  const Node* read = test->arg(0);
  if (!read->is_prim_apply(Prim::TupleGet) || read->arg(0) != cond->params.back() || !constant_int(read->arg(1), &c))
    return false;
  if (c < 0 || static_cast<size_t>(c) >= init->num_args() || static_cast<size_t>(c) >= body->output->num_args())
    return false;
  if (!constant_int(init->arg(static_cast<size_t>(c)), &start) || start < 0) return false;
  const Node* next = body->output->arg(static_cast<size_t>(c));
  if (!next->is_prim_apply(Prim::Add) || next->num_args() != 2 || !element(next->arg(0), body->params.back(), c) ||
      !constant_int(next->arg(1), &step) || step != 1)
    return false;
  Bound bound;
  const Node* limit = test->arg(1);
  int64_t j;
  if (constant_int(limit, &bound.value)) {
    bound.constant = true;
  } else if (cond_env && cond->params.size() == 2 && limit->is_prim_apply(Prim::TupleGet) &&
             limit->arg(0) == cond->params[0] && constant_int(limit->arg(1), &j) &&
             cond_env->is_prim_apply(Prim::MakeTuple) && j >= 0 && static_cast<size_t>(j) < cond_env->num_args()) {
    bound.node = cond_env->arg(static_cast<size_t>(j));
    bound.constant = constant_int(bound.node, &bound.value);
  } else if (!cond_env) {
    bound.node = limit;  // a graph constant's condition: the bound is its own node or a free variable
  } else {
    return false;
  }
  *out = {c, bound};
  return true;
}

// May one_hot(k, n) in `body`, k its counter, be deleted for this loop?
bool in_range(const Graph* body, const Node* n, const LoopSite& site, const Counter& k) {
  int64_t extent;
  if (constant_int(n, &extent)) return k.bound.constant && extent >= k.bound.value && extent <= kMaxExtent;
  return k.bound.node && extent_read(n) && same_value(body, n, site, k.bound.node);
}

}  // namespace

bool drop_checked_counter_reads(PassContext& ctx) {
  std::unordered_map<const Node*, size_t> uses = count_uses(ctx.module);
  bool changed = false;
  for (const auto& [body, sites] : loop_sites(ctx.module)) {
    if (!body->origin) continue;
    std::vector<std::pair<const LoopSite*, Counter>> counters;
    for (const LoopSite& site : sites) {
      Counter k;
      if (!counter_of(site.loop, &k)) break;
      counters.emplace_back(&site, k);
    }
    if (counters.size() != sites.size()) continue;
    Graph* b = const_cast<Graph*>(body);
    size_t before = b->body.size();
    std::erase_if(b->body, [&](const Node* n) {
      if (!n->is_prim_apply(Prim::OneHot) || n->num_args() != 2 || uses[n] != 0) return false;
      for (const auto& [site, k] : counters)
        if (!element(n->arg(0), b->params.back(), k.index) || !in_range(b, n->arg(1), *site, k)) return false;
      return true;
    });
    changed |= b->body.size() != before;
  }
  return changed;
}

}  // namespace fx::opt
