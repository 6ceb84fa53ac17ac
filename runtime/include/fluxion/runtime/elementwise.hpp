// Elementwise ops with NumPy broadcasting and dtype promotion (the list: elementwise_ops.def).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

enum class UnaryOp {
#define FX_UNARY_OP(Name, name, Category) Name,
#include "fluxion/runtime/elementwise_ops.def"
};

enum class BinaryOp {
#define FX_BINARY_OP(Name, name, Category) Name,
#include "fluxion/runtime/elementwise_ops.def"
};

enum class UnaryCategory { FloatMath, Numeric, Logical };
enum class BinaryCategory { Arith, TrueDiv, FloorMod, Compare, Logical };

UnaryCategory unary_category(UnaryOp op);
BinaryCategory binary_category(BinaryOp op);

// "exp", "floordiv", "logical_and": the names in elementwise_ops.def, and back.
const char* op_name(UnaryOp op);
const char* op_name(BinaryOp op);
std::optional<UnaryOp> unary_op_named(std::string_view name);
std::optional<BinaryOp> binary_op_named(std::string_view name);

// The dtype of the result for operands of these dtypes (TensorError when not allowed, e.g. bool
// arithmetic) — what the type checker needs to know without running the op.
DType result_dtype(UnaryOp op, DType x);
DType result_dtype(BinaryOp op, DType a, DType b);

// Why i64 operands a, b are refused by op ("integer division by zero", a negative power), or
// nullopt: one wording for tensors and for the interpreter's scalar operators.
std::optional<std::string> int_operand_error(BinaryOp op, int64_t a, int64_t b);

Tensor apply(UnaryOp op, const Tensor& x);
Tensor apply(BinaryOp op, const Tensor& a, const Tensor& b);
// apply(op, a, b), written over a's storage when nothing else holds it and the result has a's
// dtype and shape (b broadcast to it): an accumulation `acc = acc + x` whose old value is dead
// then makes no new tensor. Otherwise the same as apply.
Tensor apply_over(BinaryOp op, Tensor a, const Tensor& b);

// One function per op: neg(x), exp(x), add(a, b), floordiv(a, b), less(a, b), ...
#define FX_UNARY_OP(Name, name, Category) Tensor name(const Tensor& x);
#define FX_BINARY_OP(Name, name, Category) Tensor name(const Tensor& a, const Tensor& b);
#include "fluxion/runtime/elementwise_ops.def"

// minimum(maximum(x, lo), hi), as NumPy defines clip.
Tensor clip(const Tensor& x, const Tensor& lo, const Tensor& hi);

// cond ? a : b elementwise, all three broadcast together; cond must be bool; a and b promote.
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);

inline Tensor operator+(const Tensor& a, const Tensor& b) { return add(a, b); }
inline Tensor operator-(const Tensor& a, const Tensor& b) { return sub(a, b); }
inline Tensor operator*(const Tensor& a, const Tensor& b) { return mul(a, b); }
inline Tensor operator/(const Tensor& a, const Tensor& b) { return div(a, b); }
inline Tensor operator-(const Tensor& x) { return neg(x); }

}  // namespace fx::rt
