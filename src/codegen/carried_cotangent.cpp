// The emitter's test of a tensor zero made in a loop (carried_cotangent.hpp).
#include "codegen/carried_cotangent.hpp"

#include <set>
#include <tuple>

namespace fx::codegen {

using ir::Graph;
using ir::Node;
using ir::Prim;

bool carried_as_cotangent(const Node* z, const CotangentFlow& flow) {
  // Where the zero is inside the value reached: the tuple indices leading to it (a tuple_get
  // of another element does not read it), or anywhere (a struct, or after a read of a part).
  struct At {
    const Node* x;
    std::vector<int64_t> path;
    bool anywhere;
  };
  std::vector<At> todo{{z, {}, false}};
  std::set<std::tuple<const Node*, std::vector<int64_t>, bool>> seen;
  while (!todo.empty()) {
    const At at = todo.back();
    todo.pop_back();
    const Node* x = at.x;
    if (!seen.insert({x, at.path, at.anywhere}).second) continue;
    if (auto out = flow.outputs.find(x); out != flow.outputs.end()) {
      // Returned by a branch: the `if`'s value, followed on; out of anything else, carried.
      for (const Graph* g : out->second) {
        // The cotangent of the loop's state that a backward pass hands to its next iteration
        // (its state is (ct, stack, acc)): the size of what one iteration computes.
        if (g->name == flow.accumulating && !at.anywhere && !at.path.empty() && at.path.front() == 0) continue;
        auto runs = flow.branch_runs.find(g);
        if (runs == flow.branch_runs.end()) return true;
        for (const Node* n : runs->second) todo.push_back({n, at.path, at.anywhere});
      }
    }
    auto it = flow.users.find(x);
    if (it == flow.users.end()) continue;
    for (const Node* u : it->second) {
      Prim p;
      if (!u->prim_callee(&p)) return true;  // a call
      switch (p) {
        case Prim::AddTangent:  // the sum holds the zero's place: where does it go?
          todo.push_back({u, at.path, at.anywhere});
          break;
        case Prim::SetIndex:
          if (u->arg(0) == x) todo.push_back({u, at.path, at.anywhere});
          break;
        case Prim::MakeTuple:
          for (size_t i = 0; i < u->num_args(); ++i) {
            if (u->arg(i) != x) continue;
            std::vector<int64_t> path{static_cast<int64_t>(i)};
            path.insert(path.end(), at.path.begin(), at.path.end());
            todo.push_back({u, std::move(path), at.anywhere});
          }
          break;
        case Prim::TupleGet: {
          const Node* k = u->arg(1);
          const bool index = k->is_constant() && std::holds_alternative<int64_t>(k->value);
          if (at.path.empty() && !at.anywhere) {
            todo.push_back({u, {}, false});  // a part of a zero is a zero
          } else if (at.anywhere || !index) {
            todo.push_back({u, {}, true});
          } else if (k->as_int() == at.path.front()) {
            todo.push_back({u, std::vector<int64_t>(at.path.begin() + 1, at.path.end()), false});
          }
          break;
        }
        case Prim::MakeStruct:
        case Prim::GetAttr: todo.push_back({u, {}, true}); break;
        case Prim::While:
          // The initial state of a loop (an inner backward pass's accumulator starts at the
          // zero): the loop's value holds it, with the iterations' terms added.
          if (u->num_args() < 3 || u->arg(2) != x || u->arg(0) == x || u->arg(1) == x) return true;
          todo.push_back({u, at.path, at.anywhere});
          break;
        case Prim::If:
        case Prim::MakeClosure: return true;
        default: break;  // computed with
      }
    }
  }
  return false;
}

}  // namespace fx::codegen
