// Types for the primitive applications that the AD transforms and the expansion build
// (docs/ad.md §10), used by the expansion to type them and by the type verifier to check
// them: the generated graphs are specialised per signature, so their operand
// types are known and each primitive's own type rule (types/prim_rules.hpp) gives the
// result. The AD-internal primitives follow their tangent-space meaning: add_tangent(a, b)
// and zeros_like(x) have the type of their operand. Function values and persistent stacks
// have no type a rule could give, so those nodes stay untyped (their static value,
// static_value.hpp, says what is known of them).
#pragma once
#include <vector>

#include "ir/ir.hpp"
#include "types/annotation.hpp"
#include "types/no_calls.hpp"
#include "types/prim_rules.hpp"
#include "types/type.hpp"

namespace fx::types {

class PrimTyping {
 public:
  PrimTyping(TypeStore& store, Annotations& annotations)
      : store_(store), annotations_(annotations), rules_(store, annotations, no_calls_) {}

  // The type of n = p(args...) whose operands have these types (null where unknown); null
  // when some operand's type is unknown, when p calls function values, or when p's rule
  // rejects the operands (the run-time check then reports it, as before). Tensor extents
  // are forgotten, as in call signatures, so that the expanded program's size does not
  // depend on them.
  const Type* result(ir::Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                     const std::vector<const Type*>& arg_types);
  // The same, but a rule that rejects the operands throws its CompileError (the verifier).
  const Type* checked_result(ir::Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                             const std::vector<const Type*>& arg_types);
  // result(), with the extents the operands' types know kept (opt/refined_extents.cpp).
  const Type* result_with_extents(ir::Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                                  const std::vector<const Type*>& arg_types);

 private:
  // The rule's result with extents kept; CompileError when it rejects the operands.
  const Type* rule_result(ir::Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                          const std::vector<const Type*>& arg_types);

  TypeStore& store_;
  Annotations& annotations_;
  NoCalls no_calls_;
  PrimRules rules_;
};

}  // namespace fx::types
