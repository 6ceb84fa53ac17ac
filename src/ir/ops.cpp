// The catalogue of primitives (ops.def) as a table: each primitive's name, arity and columns.
// Kept apart from the IR builder (ir.cpp) because the runtime that generated code links
// (libfluxion_rt.a, docs/codegen.md "AOT libraries") names primitives too (fx_rt_prim_id).
#include "ir/ir.hpp"
#include "ir/elementwise.hpp"

namespace fx::ir {

namespace {
const PrimInfo kPrimTable[] = {
#define FX_PRIM(Enum, text, arity, flags, family, derivative) \
  {text, arity, PrimFlag::flags, PrimFamily::family, PrimDerivative::derivative},
#include "ir/ops.def"
#undef FX_PRIM
};
}  // namespace

const PrimInfo& prim_info(Prim p) { return kPrimTable[static_cast<size_t>(p)]; }
const char* prim_name(Prim p) { return prim_info(p).name; }

bool elementwise_f64(Prim p) {
  switch (p) {
    case Prim::Add: case Prim::Sub: case Prim::Mul: case Prim::Div: case Prim::Pow: case Prim::Neg:
    case Prim::Exp: case Prim::Log: case Prim::Log1p: case Prim::Expm1: case Prim::Sin: case Prim::Cos:
    case Prim::Tan: case Prim::Tanh: case Prim::Sqrt: case Prim::Sigmoid: case Prim::Softplus:
    case Prim::Abs: case Prim::Relu: case Prim::Maximum: case Prim::Minimum: return true;
    default: return false;
  }
}

}  // namespace fx::ir
