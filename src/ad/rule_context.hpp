// What a derivative rule sees (registry.hpp): the application being transformed, the
// graph being built (through an Emitter) and the transform's maps. Implemented by the
// transforms (forward.cpp, reverse.cpp); rules only read inputs and set results.
#pragma once
#include <cstddef>
#include <vector>

#include "ad/adjoint.hpp"
#include "ad/emit.hpp"

namespace fx::ad {

class Context;
struct ForwardState;
struct ReverseState;

// JVP: for `n = p(a1..ak)`, set n's primal and tangent in T(G).
class JvpCtx {
 public:
  JvpCtx(ForwardState& s, const ir::Node* n);
  const ir::Node* node;  // the application in the source graph
  Emitter& e;            // builds T(G), located at `node`
  Context& cx;

  size_t num_args() const { return node->num_args(); }
  ir::Node* in(size_t i);           // primal of argument i
  ir::Node* tan(size_t i);          // its tangent; null when zero
  ir::Node* tan_or_zero(size_t i);  // materialised
  ir::Node* callee();               // for calls of function values
  ir::Node* callee_tan();
  ir::Node* primal();               // the primal application on the mapped inputs (emitted once)
  void set(ir::Node* primal, ir::Node* tangent);
  // Sets primal and tangent from a node r = (primal, tangent) (calls, if, while).
  void set_pair(ir::Node* r);

 private:
  ForwardState& s_;
  ir::Node* primal_ = nullptr;
};

// VJP, forward sweep: emit n's primal in J(G), keeping what the backward sweep needs.
class VjpForwardCtx {
 public:
  VjpForwardCtx(ReverseState& s, const ir::Node* n);
  const ir::Node* node;
  Emitter& e;  // builds J(G)
  Context& cx;

  ir::Node* in(size_t i);
  ir::Node* callee();
  bool active(size_t i) const;  // may argument i receive a cotangent?
  bool callee_active() const;
  ir::Node* primal();  // the plain copy of the application
  void set_primal(ir::Node* p);
  void save(ir::Node* v);  // saved(k) of the backward rule, in order

 private:
  ReverseState& s_;
};

// VJP, backward sweep: given n's cotangent, give cotangents to its inputs.
class VjpBackwardCtx {
 public:
  VjpBackwardCtx(ReverseState& s, const ir::Node* n);
  const ir::Node* node;
  Emitter& e;  // builds the pullback graph
  Context& cx;

  size_t num_args() const { return node->num_args(); }
  // Primal values, available in the pullback (as residuals; constants as they are).
  ir::Node* in(size_t i);
  ir::Node* callee();
  ir::Node* out();
  ir::Node* saved(size_t k);
  // n's cotangent, materialised; never null (backward rules run only for nodes that have one).
  ir::Node* ct();
  // One component of it; null when that component is zero.
  ir::Node* ct_part(const PartKey& k);

  bool active(size_t i) const;
  bool callee_active() const;
  void give(size_t i, ir::Node* ct);  // ignored when null or when argument i is inactive
  void give_part(size_t i, const PartKey& k, ir::Node* ct);
  void give_callee(ir::Node* ct);
  // Argument i takes n's whole adjoint as it is (identity-like rules: make_closure, jfn, ...).
  void pass_through(size_t i);

 private:
  ReverseState& s_;
};

}  // namespace fx::ad
