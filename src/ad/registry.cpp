#include "ad/registry.hpp"

#include "ad/rule_context.hpp"
#include "ad/rules/rules.hpp"
#include "support/diagnostics.hpp"

namespace fx::ad {

namespace registry_impl {

// The derivative of a primitive without one: no tangent, no cotangent.
void zero_jvp(JvpCtx& c) { c.set(c.primal(), nullptr); }
void zero_vjp(VjpBackwardCtx&) {}

}  // namespace registry_impl

void Registry::set_zero(ir::Prim p) {
  PrimRules& r = at_mut(p);
  r.jvp = registry_impl::zero_jvp;
  r.vjp_backward = registry_impl::zero_vjp;
  r.vjp_forward = nullptr;
  r.zero_derivative = true;
}

// A primitive has both rules or neither (tests/unit/ad_rules_test.cpp), so the message names no
// mode: which one meets it first is the expansion's choice (grad may run in forward mode).
void Registry::missing(ir::Prim p, SourceLoc loc) {
  runtime_error(loc, std::string("cannot differentiate '") + ir::prim_name(p) + "': the primitive has no derivative rule");
}

void register_all_rules(Registry& r) {
  register_arithmetic_rules(r);
  register_math_rules(r);
  register_comparison_rules(r);
  register_conversion_rules(r);
  register_structure_rules(r);
  register_control_rules(r);
  register_list_rules(r);
  register_ad_operator_rules(r);
  register_tensor_construct_rules(r);
  register_tensor_elementwise_rules(r);
  register_tensor_reduce_rules(r);
  register_tensor_linalg_rules(r);
  register_tensor_nn_rules(r);
  register_fused_rules(r);
}

}  // namespace fx::ad
