#include "ir/after_fail.hpp"

namespace fx::ir {

bool diverges(const Node* x, DivergeMemo& memo) {
  if (x->is_prim_apply(Prim::Fail)) return true;
  if (!x->is_apply()) return false;
  if (auto it = memo.find(x); it != memo.end()) return it->second;
  memo[x] = false;  // while it is worked out (a recursion reaches x again)
  bool never = after_a_fail(x, memo);
  if (!never && x->callee()->holds_graph()) {
    const Graph* g = x->callee()->as_graph();
    never = g->output && diverges(g->output, memo);
  }
  memo[x] = never;
  return never;
}

bool after_a_fail(const Node* n, DivergeMemo& memo) {
  if (!n->is_apply()) return false;
  for (const Node* x : n->inputs)
    if (diverges(x, memo)) return true;
  return false;
}

}  // namespace fx::ir
