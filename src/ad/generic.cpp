#include "ad/generic.hpp"

#include <utility>

namespace fx::ad {

const char* generic_name(Generic g) {
  switch (g) {
    case Generic::Grad: return "grad";
    case Generic::ValueAndGrad: return "value_and_grad";
    case Generic::Jacfwd: return "jacfwd";
    case Generic::Jacrev: return "jacrev";
    case Generic::Hessian: return "hessian";
    case Generic::Derivative: return "derivative";
    case Generic::Jvp: return "jvp";
    case Generic::Vjp: return "vjp";
    case Generic::Checkpoint: return "checkpoint";
    case Generic::CustomVjp: return "custom_vjp";
    case Generic::CustomJvp: return "custom_jvp";
    case Generic::PrimFn: return "primitive";
    case Generic::GradSeed: return "grad.seed";
    case Generic::JacfwdLoop: return "jacfwd.loop";
    case Generic::JacrevBack: return "jacrev.back";
    case Generic::CustomJvpBack: return "custom_jvp.back";
  }
  return "?";
}

std::optional<Generic> generic_from_name(const std::string& name) {
  for (int i = 0; i <= static_cast<int>(Generic::CustomJvpBack); ++i) {
    Generic g = static_cast<Generic>(i);
    if (g != Generic::PrimFn && name == generic_name(g)) return g;
  }
  return std::nullopt;
}

std::optional<Generic> generic_of_prim(ir::Prim p) {
  // The primitives that evaluate to (or, for jvp and vjp, call) a derived function.
  static constexpr std::pair<ir::Prim, Generic> kDerived[] = {
      {ir::Prim::Grad, Generic::Grad},          {ir::Prim::ValueAndGrad, Generic::ValueAndGrad},
      {ir::Prim::Jacfwd, Generic::Jacfwd},      {ir::Prim::Jacrev, Generic::Jacrev},
      {ir::Prim::Hessian, Generic::Hessian},    {ir::Prim::Derivative, Generic::Derivative},
      {ir::Prim::Jvp, Generic::Jvp},            {ir::Prim::Vjp, Generic::Vjp},
      {ir::Prim::Checkpoint, Generic::Checkpoint}, {ir::Prim::CustomVjp, Generic::CustomVjp},
      {ir::Prim::CustomJvp, Generic::CustomJvp},
  };
  for (const auto& [prim, generic] : kDerived)
    if (prim == p) return generic;
  return std::nullopt;
}

int argnums_slot(Generic g) {
  switch (g) {
    case Generic::Grad:
    case Generic::ValueAndGrad:
    case Generic::Jacfwd:
    case Generic::Jacrev:
    case Generic::Hessian: return 1;
    case Generic::JacfwdLoop:
    case Generic::JacrevBack: return 0;
    case Generic::Derivative:
    case Generic::Jvp:
    case Generic::Vjp:
    case Generic::Checkpoint:
    case Generic::CustomVjp:
    case Generic::CustomJvp:
    case Generic::PrimFn:
    case Generic::GradSeed:
    case Generic::CustomJvpBack: return -1;
  }
  return -1;
}

bool shape_ignored(Generic g, size_t i, size_t n) {
  // jacfwd.loop(tf, df, x..., y, dys): tf and df are passed on, dys only indexed.
  return g == Generic::JacfwdLoop && (i < 2 || i + 1 == n);
}

bool needs_shapes(Generic g) {
  switch (g) {
    case Generic::Jacfwd:
    case Generic::Jvp:
    case Generic::GradSeed:
    case Generic::JacfwdLoop:
    case Generic::JacrevBack:
    case Generic::CustomJvpBack: return true;
    case Generic::Grad:
    case Generic::ValueAndGrad:
    case Generic::Jacrev:
    case Generic::Hessian:
    case Generic::Derivative:
    case Generic::Vjp:
    case Generic::Checkpoint:
    case Generic::CustomVjp:
    case Generic::CustomJvp:
    case Generic::PrimFn: return false;
  }
  return true;
}

std::string Argnums::key() const {
  std::string s = tuple ? "(" : "";
  for (size_t i = 0; i < nums.size(); ++i) s += (i ? "," : "") + std::to_string(nums[i]);
  return s + (tuple ? ")" : "");
}

}  // namespace fx::ad
