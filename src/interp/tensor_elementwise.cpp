// The scalar primitives on tensors: elementwise, NumPy broadcasting, weak Python scalars
// (docs/tensors.md). Which fx::rt op each primitive is, is decided in tensor_kernels.cpp.
#include <variant>

#include "interp/tensor_kernels.hpp"
#include "interp/tensor_values.hpp"

namespace fx::interp {

using ir::Prim;
using tensors::guarded;
using tensors::Conversion;
using tensors::MatMulOp;
using tensors::NotElementwise;
using tensors::ElementOp;
using tensors::element_op;

namespace {

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
