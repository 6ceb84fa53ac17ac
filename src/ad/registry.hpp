// Derivative rules, registered per primitive by the family files of src/ad/rules/
// (docs/ad.md §5). A rule is an IR builder: the JVP rule emits the tangent of an application
// from its inputs' tangents; the VJP rule is a backward builder (given the output's cotangent,
// it gives cotangents to the inputs) with an optional forward builder for the primitives that
// must run differently in the forward sweep (calls keep a pullback; if/while run transformed
// branches and bodies). Calls of function values have their own pair (`call`).
#pragma once
#include <array>
#include <cstdint>

#include "ad/generic.hpp"
#include "ir/ir.hpp"

namespace fx::ad {

class JvpCtx;
class VjpForwardCtx;
class VjpBackwardCtx;

using JvpRule = void (*)(JvpCtx&);
using VjpForwardRule = void (*)(VjpForwardCtx&);
using VjpBackwardRule = void (*)(VjpBackwardCtx&);

struct PrimRules {
  JvpRule jvp = nullptr;
  VjpForwardRule vjp_forward = nullptr;  // null: the forward sweep copies the application
  VjpBackwardRule vjp_backward = nullptr;
  // The derivative is identically zero (comparisons, floor, stop_gradient, ...): the
  // transforms copy the application and give it no tangent or cotangent.
  bool zero_derivative = false;
  // Bit i set: argument i neither contributes a tangent nor receives a cotangent (if's
  // condition, while's cond_fn, tuple_get's index, declaration constants, ...).
  uint32_t passive_args = 0;

  bool passive(size_t i) const { return i < 32 && (passive_args >> i) & 1u; }
};

class Registry {
 public:
  void set_jvp(ir::Prim p, JvpRule rule) { at_mut(p).jvp = rule; }
  void set_vjp(ir::Prim p, VjpBackwardRule backward, VjpForwardRule forward = nullptr) {
    at_mut(p).vjp_backward = backward;
    at_mut(p).vjp_forward = forward;
  }
  // Registers the zero rules (both modes) for a primitive without derivative.
  void set_zero(ir::Prim p);
  void set_passive(ir::Prim p, size_t arg) { at_mut(p).passive_args |= 1u << arg; }
  void set_call_rules(JvpRule jvp, VjpBackwardRule backward, VjpForwardRule forward) {
    call_ = PrimRules{jvp, forward, backward, false, 0};
  }

  const PrimRules& at(ir::Prim p) const { return rules_[static_cast<size_t>(p)]; }
  const PrimRules& call() const { return call_; }
  bool has_jvp(ir::Prim p) const { return at(p).jvp != nullptr; }
  bool has_vjp(ir::Prim p) const { return at(p).vjp_backward != nullptr; }

  // The loud error for a primitive without derivative rules, where a transform meets it.
  [[noreturn]] static void missing(ir::Prim p, SourceLoc loc);

 private:
  PrimRules& at_mut(ir::Prim p) { return rules_[static_cast<size_t>(p)]; }
  std::array<PrimRules, ir::kPrimCount> rules_{};
  PrimRules call_{};
};

// Every family's rules (src/ad/rules/).
void register_all_rules(Registry& r);

}  // namespace fx::ad
