// Dispatch of the tensor primitives to their families (tensor_values.hpp).
#include "interp/tensor_values.hpp"

namespace fx::interp {

using ir::Prim;

Value apply_tensor_primitive(Prim p, SourceLoc loc, Value* a, size_t n) {
  switch (p) {
    case Prim::Zeros: case Prim::Ones: case Prim::Full: case Prim::Arange: case Prim::Eye:
    case Prim::MakeTensor: case Prim::RowsEmpty: case Prim::RowsAppend: case Prim::AsType:
    case Prim::Key: case Prim::Split: case Prim::Normal: case Prim::Uniform: case Prim::Len:
      return tensors::construct(p, loc, a, n);
    case Prim::Index: return tensors::index(loc, a, n);
    case Prim::SetIndex: return tensors::set_index(loc, a, n);
    case Prim::Clip: case Prim::Where:
    case Prim::Sum: case Prim::Mean: case Prim::Prod: case Prim::ReduceMax: case Prim::ReduceMin:
    case Prim::LogSumExp: case Prim::ArgMax: case Prim::ArgMin: case Prim::Norm:
    case Prim::Dot: case Prim::Outer: case Prim::Transpose: case Prim::Trace: case Prim::Reshape:
    case Prim::Concat: case Prim::Stack: case Prim::Diag:
    case Prim::Softmax: case Prim::LogSoftmax: case Prim::Conv2d: case Prim::MaxPool2d:
    case Prim::OneHot: case Prim::Dropout:
      return tensors::compute(p, loc, a, n);
    case Prim::Load: case Prim::Save: case Prim::ReadBytes: case Prim::ReadIdx:
    case Prim::LoadTxt: case Prim::ReadNumbers:
      return tensors::file_io(p, loc, a, n);
    case Prim::Unbroadcast: case Prim::BroadcastLike: case Prim::ExpandReduced:
    case Prim::MatMulVjpA: case Prim::MatMulVjpB: case Prim::Conv2dVjpX: case Prim::Conv2dVjpW:
    case Prim::PoolWeights: case Prim::Upsample: case Prim::PoolSum:
      return tensors::adjoint(p, loc, a, n);
    // The scalar core (elementwise on tensors: tensor_elementwise.cpp) and everything else.
    case Prim::Add: case Prim::Sub: case Prim::Mul: case Prim::Div: case Prim::FloorDiv:
    case Prim::Mod: case Prim::Pow: case Prim::Neg: case Prim::MatMul:
    case Prim::Lt: case Prim::Le: case Prim::Gt: case Prim::Ge: case Prim::Eq: case Prim::Ne:
    case Prim::Not:
    case Prim::Exp: case Prim::Log: case Prim::Log1p: case Prim::Expm1: case Prim::Sin:
    case Prim::Cos: case Prim::Tan: case Prim::Tanh: case Prim::Sqrt: case Prim::Sigmoid:
    case Prim::Softplus: case Prim::Floor: case Prim::Ceil:
    case Prim::Lgamma: case Prim::Digamma: case Prim::Trigamma: case Prim::Erf: case Prim::Erfc:
    case Prim::Abs: case Prim::Sign: case Prim::Relu: case Prim::Maximum: case Prim::Minimum:
    case Prim::ToF64: case Prim::ToI64: case Prim::ToStr:
    case Prim::MakeTuple: case Prim::TupleGet: case Prim::MakeStruct: case Prim::GetAttr:
    case Prim::SetAttr: case Prim::MakeVariant: case Prim::VariantTag: case Prim::VariantField:
    case Prim::If: case Prim::While: case Prim::TreeMap: case Prim::ClosureAt: case Prim::Print: case Prim::Arg: case Prim::Assert: case Prim::Fail:
    case Prim::Grad: case Prim::ValueAndGrad: case Prim::Jacfwd: case Prim::Jacrev:
    case Prim::Hessian: case Prim::Derivative: case Prim::Jvp: case Prim::Vjp:
    case Prim::StopGradient: case Prim::GradHook: case Prim::Checkpoint: case Prim::CustomVjp:
    case Prim::CustomJvp: case Prim::MakeClosure: case Prim::Jfn: case Prim::Tfn:
    case Prim::ZerosLike: case Prim::AddTangent:
    case Prim::ListEmpty: case Prim::ListPush: case Prim::ListTop: case Prim::ListPop:
    case Prim::ListIsEmpty:
      break;
  }
  internal_error("interpreter", std::string(ir::prim_name(p)) + " is not a tensor primitive");
}

}  // namespace fx::interp
