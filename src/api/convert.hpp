// Host values to and from the interpreter's values and the type checker's types (src/api/).
#pragma once
#include <string>

#include "api/function_handle.hpp"
#include "interp/value.hpp"
#include "types/type.hpp"

namespace fluxion::detail {

// Where a host argument goes, for messages: "argument 2 (x) of loss()" at the function.
struct ArgumentPlace {
  fx::SourceLoc loc;
  std::string what;
};

// The interpreter value of a host value; a TensorView is borrowed (Tensor::borrow), not copied.
// Bad input (an unknown struct, a missing field, a bad shape) is a host_error at `at`.
fx::interp::Value to_interp(const Value& v, ModuleState& m, const ArgumentPlace& at);

// The host value of a result: tensors owned by the result (copied when the interpreter's
// tensor is shared, strided or borrowed), function values as new Functions of module `m`
// (`expanded`: made by the expanded program, so called by its interpreter session too).
Value from_interp(fx::interp::Value v, const std::shared_ptr<ModuleState>& m, bool expanded = false);

// The tensor of a tensor argument (a View borrowed, not copied; an owned result shared).
fx::rt::Tensor tensor_argument(const Value& v, const ArgumentPlace& at);
// The host value of a result tensor: the tensor itself when nothing else holds it and it is
// contiguous, else a contiguous copy (a result never aliases an argument or another result).
Value owned_result(fx::rt::Tensor t);

// The type that specialises a function for this argument; null for a value the type checker
// cannot be told about (a function argument: the call is then interpreted without types).
const fx::types::Type* type_of(const Value& v, ModuleState& m, const ArgumentPlace& at);

}  // namespace fluxion::detail
