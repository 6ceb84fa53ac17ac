// Dead-code elimination: removes nodes whose value nobody reads and whose evaluation has no
// observable effect (removable.hpp). Inlining and projection leave many of these behind —
// the make_tuple whose elements were all projected out, the argument computations of a call
// that became constants — and AD output is full of them (residuals kept for nothing).
// Effects (print, assert, fail), calls and anything that may fail at run time stay, so that
// errors happen where and as they did.
#include <algorithm>

#include "opt/pass.hpp"
#include "opt/removable.hpp"
#include "opt/rewrite.hpp"

namespace fx::opt {

bool eliminate_dead_code(PassContext& ctx) {
  auto uses = count_uses(ctx.module);
  bool changed = false;
  // Removing a node can free its operands, also in enclosing graphs: repeat until stable.
  for (bool again = true; again;) {
    again = false;
    for (ir::Graph* g : typed_graphs(ctx.module)) {
      std::vector<ir::Node*> kept;
      kept.reserve(g->body.size());
      bool removed_here = false;
      for (auto it = g->body.rbegin(); it != g->body.rend(); ++it) {
        ir::Node* n = *it;
        if (uses[n] == 0 && may_delete_unused(n, ctx.options.check_nan)) {
          for (const ir::Node* in : n->inputs) --uses[in];
          removed_here = true;
          continue;
        }
        kept.push_back(n);
      }
      if (!removed_here) continue;
      std::reverse(kept.begin(), kept.end());
      g->body = std::move(kept);
      changed = again = true;
    }
  }
  return changed;
}

}  // namespace fx::opt
