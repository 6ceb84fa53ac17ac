// Which fx::rt kernel each tensor primitive is (tensor_kernels.hpp).
#include "interp/tensor_kernels.hpp"

namespace fx::interp::tensors {

using ir::Prim;

ElementOp element_op(Prim p) {
  using U = rt::UnaryOp;
  using B = rt::BinaryOp;
  switch (p) {
    case Prim::Add: return B::Add;
    case Prim::Sub: return B::Sub;
    case Prim::Mul: return B::Mul;
    case Prim::Div: return B::Div;
    case Prim::FloorDiv: return B::FloorDiv;
    case Prim::Mod: return B::Mod;
    case Prim::Pow: return B::Pow;
    case Prim::Maximum: return B::Maximum;
    case Prim::Minimum: return B::Minimum;
    case Prim::Lt: return B::Less;
    case Prim::Le: return B::LessEqual;
    case Prim::Gt: return B::Greater;
    case Prim::Ge: return B::GreaterEqual;
    case Prim::Eq: return B::Equal;
    case Prim::Ne: return B::NotEqual;
    case Prim::Neg: return U::Neg;
    case Prim::Not: return U::LogicalNot;
    case Prim::Exp: return U::Exp;
    case Prim::Log: return U::Log;
    case Prim::Log1p: return U::Log1p;
    case Prim::Expm1: return U::Expm1;
    case Prim::Sin: return U::Sin;
    case Prim::Cos: return U::Cos;
    case Prim::Tan: return U::Tan;
    case Prim::Tanh: return U::Tanh;
    case Prim::Sqrt: return U::Sqrt;
    case Prim::Sigmoid: return U::Sigmoid;
    case Prim::Softplus: return U::Softplus;
    case Prim::Floor: return U::Floor;
    case Prim::Ceil: return U::Ceil;
    case Prim::Lgamma: return U::Lgamma;
    case Prim::Digamma: return U::Digamma;
    case Prim::Trigamma: return U::Trigamma;
    case Prim::Erf: return U::Erf;
    case Prim::Erfc: return U::Erfc;
    case Prim::Abs: return U::Abs;
    case Prim::Sign: return U::Sign;
    case Prim::Relu: return U::Relu;
    case Prim::ToF64: return Conversion{rt::DType::F64};
    case Prim::ToI64: return Conversion{rt::DType::I64};
    case Prim::MatMul: return MatMulOp{};
    default:  // not elementwise: str, and every family but the scalar one (ops.def)
      return NotElementwise{};
  }
}

std::optional<rt::ReduceOp> reduce_op(Prim p) {
  if (p == Prim::Sum) return rt::ReduceOp::Sum;
  if (p == Prim::Mean) return rt::ReduceOp::Mean;
  if (p == Prim::Prod) return rt::ReduceOp::Prod;
  if (p == Prim::ReduceMax) return rt::ReduceOp::Max;
  if (p == Prim::ReduceMin) return rt::ReduceOp::Min;
  if (p == Prim::LogSumExp) return rt::ReduceOp::LogSumExp;
  if (p == Prim::ArgMax) return rt::ReduceOp::ArgMax;
  if (p == Prim::ArgMin) return rt::ReduceOp::ArgMin;
  if (p == Prim::Norm) return rt::ReduceOp::Norm;
  return std::nullopt;
}

namespace {

// A float cotangent for a float primal of another precision takes the primal's (an f32
// parameter's gradient is f32, even when an f64 scalar entered the computation).
rt::Tensor in_dtype_of(rt::Tensor x, const rt::Tensor& like) {
  if (rt::is_float(like.dtype()) && rt::is_float(x.dtype()) && x.dtype() != like.dtype())
    return rt::astype(x, like.dtype());
  return x;
}

}  // namespace

rt::Tensor unbroadcast_to(const rt::Tensor& x, const rt::Tensor& like) {
  const rt::Shape target = like.shape();
  if (x.shape() == target) return in_dtype_of(x, like);
  rt::Tensor r = rt::broadcasts_to(target, x.shape()) ? rt::sum_to_shape(x, target)
                                                        : rt::contiguous(rt::broadcast_to(x, target));
  return in_dtype_of(std::move(r), like);
}

rt::Tensor broadcast_to_like(rt::Tensor x, const rt::Tensor& like) {
  const rt::Shape target = like.shape();
  if (x.shape() == target) return x;
  return rt::broadcast_to(x, target);
}

}  // namespace fx::interp::tensors
