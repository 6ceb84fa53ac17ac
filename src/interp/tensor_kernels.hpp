// Which fx::rt kernel each tensor primitive is, on operands that are already tensors (and the
// numbers beside them): the part of a primitive's evaluation that the interpreter's families
// (tensor_*.cpp, on run-time values) and native code's direct entry points
// (src/native_abi/direct_ops.cpp, on the headers generated code holds) share, so that the two
// engines agree on every primitive's kernel, dtype and message by construction.
#pragma once
#include <optional>
#include <variant>

#include "fluxion/runtime/runtime.hpp"
#include "ir/ir.hpp"

namespace fx::interp::tensors {

// The scalar core on tensors: an elementwise op of the runtime, a conversion, matmul, or not
// one of these (str, and every family but the scalar one).
struct NotElementwise {};
struct Conversion {
  rt::DType to;
};
struct MatMulOp {};
using ElementOp = std::variant<NotElementwise, rt::UnaryOp, rt::BinaryOp, Conversion, MatMulOp>;
ElementOp element_op(ir::Prim p);

// sum, mean, prod, max, min, logsumexp, argmax, argmin, norm: their reduction.
std::optional<rt::ReduceOp> reduce_op(ir::Prim p);

// unbroadcast(x, like) for a tensor like: x summed down to like's shape (or spread over it when
// x broadcasts to it), in like's float dtype where both are floats.
rt::Tensor unbroadcast_to(const rt::Tensor& x, const rt::Tensor& like);
// broadcast_like(x, like) for a tensor like: x read as like's shape (x itself when equal).
rt::Tensor broadcast_to_like(rt::Tensor x, const rt::Tensor& like);

}  // namespace fx::interp::tensors
