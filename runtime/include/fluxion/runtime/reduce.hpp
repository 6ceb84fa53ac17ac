// Reductions over one axis (negative counts from the end) or over all elements (axis = nullopt),
// with keepdims as in NumPy. The list is in reduce_ops.def.
#pragma once
#include <optional>
#include <string_view>

#include "fluxion/runtime/tensor.hpp"

namespace fx::rt {

enum class ReduceOp {
#define FX_REDUCE_OP(Name, name) Name,
#include "fluxion/runtime/reduce_ops.def"
};

const char* op_name(ReduceOp op);
std::optional<ReduceOp> reduce_op_named(std::string_view name);
DType result_dtype(ReduceOp op, DType x);

using Axis = std::optional<int64_t>;

Tensor reduce(ReduceOp op, const Tensor& x, Axis axis = std::nullopt, bool keepdims = false);

#define FX_REDUCE_OP(Name, name) \
  Tensor name(const Tensor& x, Axis axis = std::nullopt, bool keepdims = false);
#include "fluxion/runtime/reduce_ops.def"

// `axis` in [0, rank), or TensorError "axis 2 is out of range for a tensor of rank 2".
int normalize_axis(int64_t axis, int rank);

}  // namespace fx::rt
