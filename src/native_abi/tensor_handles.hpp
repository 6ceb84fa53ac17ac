// The tensors that generated code holds. A tensor in generated code is an `fx_tensor*`: the
// runtime's own counted header (fluxion/runtime/tensor_abi.h), one reference per holder, so a
// tensor that only one holder has is updated in place (rt::Tensor::is_unique). This thread
// also counts the references generated code holds, per header: a run-time error, which skips
// the frames that would release them, gives them all back at the entry point, and the entry
// point can tell that generated code released every reference it had.
#pragma once
#include "fluxion/fx_rt.h"
#include "fluxion/runtime/tensor.hpp"

namespace fx::native_abi {

// A reference held by generated code from now on. `was_scalar`: the interpreter would hold a
// number here, not a tensor (a rank-0 result of a kernel, which the interpreter boxes): the
// tensor is given back to the interpreter's primitives as that number, so that a value of
// unknown rank behaves in both engines alike (weak scalars, "matmul needs tensors").
fx_tensor* hand_out(rt::Tensor t, bool was_scalar = false);
// Does the interpreter hold the value of h as a number?
bool is_scalar(const fx_tensor* h);
// The tensor of a reference generated code hands over (its last use): the same reference,
// which is the only one when nobody else holds the tensor.
rt::Tensor take(fx_tensor* h);
// A new reference to a tensor generated code keeps holding.
rt::Tensor borrow(fx_tensor* h);

}  // namespace fx::native_abi
