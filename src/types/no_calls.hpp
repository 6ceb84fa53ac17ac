// Control-flow rules for checks that type one primitive application at a time (the type
// verifier, the expansion's typing of the nodes it builds): primitives that call function
// values (`if`, `while`, `jvp`, ...) are typed by whoever made those calls, so here they
// give no type (null).
#pragma once
#include "types/prim_rules.hpp"

namespace fx::types {

class NoCalls final : public ControlFlowRules {
 public:
  const Type* infer_if(const PrimCall&) override { return nullptr; }
  const Type* infer_while(const PrimCall&) override { return nullptr; }
  const Type* infer_derivative_call(ir::Prim, const PrimCall&) override { return nullptr; }
  const Type* infer_tree_map(const PrimCall&) override { return nullptr; }
};

}  // namespace fx::types
