// The scalar primitives on tensors: elementwise, NumPy broadcasting, weak Python scalars
// (docs/tensors.md). Which fx::rt op each primitive is, is decided here and only here.
#include <variant>

#include "interp/tensor_values.hpp"

namespace fx::interp {

using ir::Prim;
using tensors::guarded;

namespace {

// Not an elementwise op on tensors, or one the runtime has under another name.
struct NotElementwise {};
struct Conversion {
  rt::DType to;
};
struct MatMulOp {};
using ElementOp = std::variant<NotElementwise, rt::UnaryOp, rt::BinaryOp, Conversion, MatMulOp>;

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

std::string what(Prim p) { return std::string("'") + ir::prim_name(p) + "'"; }

[[noreturn, gnu::cold]] void bad_operand(Prim p, SourceLoc loc, const Value& v, const char* expected) {
  runtime_error(loc, what(p) + " expects " + expected + ", found " + type_name(v));
}

}  // namespace

bool any_tensor(const Value* args, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (args[i].kind() == Kind::Tensor) return true;
  return false;
}

std::optional<Value> apply_elementwise(Prim p, SourceLoc loc, Value* args, size_t n) {
  const ElementOp op = element_op(p);
  if (std::holds_alternative<NotElementwise>(op)) return std::nullopt;
  if (const auto* u = std::get_if<rt::UnaryOp>(&op)) {
    const rt::Tensor& x = tensors::to_tensor(args[0], loc, what(p));
    if (*u == rt::UnaryOp::LogicalNot && x.dtype() != rt::DType::Bool)
      bad_operand(p, loc, args[0], "a bool or a bool tensor");
    return guarded(loc, [&] { return tensors::box(rt::apply(*u, x)); });
  }
  if (const auto* c = std::get_if<Conversion>(&op)) {
    rt::Tensor x = tensors::to_tensor(args[0], loc, what(p));
    return guarded(loc, [&] { return tensors::box(rt::astype(x, c->to)); });
  }
  // Binary: eq/ne of a tensor with a non-number is an error, not False (NumPy would compare
  // elementwise against an object).
  for (size_t i = 0; i < 2; ++i)
    if (args[i].kind() != Kind::Tensor && !tensors::is_scalar(args[i]))
      bad_operand(p, loc, args[i], "tensors or numbers");
  if (std::holds_alternative<MatMulOp>(op)) {
    if (args[0].kind() != Kind::Tensor || args[1].kind() != Kind::Tensor)
      runtime_error(loc, "matmul needs tensors, found " + type_name(args[0]) + " and " + type_name(args[1]));
    return guarded(loc, [&] { return tensors::box(rt::matmul(args[0].as_tensor(), args[1].as_tensor())); });
  }
  auto [a, b] = tensors::operand_pair(args[0], args[1], loc, what(p));
  const rt::BinaryOp bop = std::get<rt::BinaryOp>(op);
  return guarded(loc, [bop, &a = a, &b = b] { return tensors::box(rt::apply(bop, a, b)); });
}

}  // namespace fx::interp
