// Dispatch of the tensor primitives to their families (tensor_values.hpp).
#include "interp/tensor_values.hpp"

namespace fx::interp {

using ir::Prim;

Value apply_tensor_primitive(Prim p, SourceLoc loc, Value* a, size_t n) {
  switch (ir::prim_info(p).family) {  // ops.def's family column
    case ir::PrimFamily::TENSOR_CONSTRUCT: return tensors::construct(p, loc, a, n);
    case ir::PrimFamily::TENSOR_INDEX: return p == Prim::Index ? tensors::index(loc, a, n) : tensors::set_index(loc, a, n);
    case ir::PrimFamily::TENSOR_COMPUTE: return tensors::compute(p, loc, a, n);
    case ir::PrimFamily::TENSOR_FILES: return tensors::file_io(p, loc, a, n);
    case ir::PrimFamily::TENSOR_ADJOINT: return tensors::adjoint(p, loc, a, n);
    // The scalar core (elementwise on tensors: tensor_elementwise.cpp) and everything else.
    case ir::PrimFamily::SCALAR:
    case ir::PrimFamily::STRUCTURE:
    case ir::PrimFamily::CONTROL:
    case ir::PrimFamily::EFFECT:
    case ir::PrimFamily::AD_OPERATOR:
    case ir::PrimFamily::AD_INTERNAL: break;
  }
  internal_error("interpreter", std::string(ir::prim_name(p)) + " is not a tensor primitive");
}

}  // namespace fx::interp
