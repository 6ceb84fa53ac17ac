// Comparison and logic family: lt le gt ge eq ne not. Their results are booleans, which
// carry no derivative: zero rules in both modes.
#include "ad/rules/rules.hpp"

namespace fx::ad {

void register_comparison_rules(Registry& r) {
  using ir::Prim;
  for (Prim p : {Prim::Lt, Prim::Le, Prim::Gt, Prim::Ge, Prim::Eq, Prim::Ne, Prim::Not}) r.set_zero(p);
}

}  // namespace fx::ad
