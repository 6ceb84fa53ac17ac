// Direct entry points of tensor primitives (fx_rt_op, fx_rt.h): a primitive whose operands the
// emitter knows from their types to be tensors of rank >= 1 (values that are tensors to the
// interpreter too) and plain numbers runs its fx::rt kernel on the headers generated code
// holds, without the interpreter values that fx_rt_apply converts to and from. The kernel is
// the interpreter's (src/interp/tensor_kernels.hpp), so values, dtypes and messages agree.
#pragma once
#include "fluxion/fx_rt.h"
#include "fluxion/runtime/tensor.hpp"
#include "ir/ir.hpp"

namespace fx::native_abi {

// Does p's family have a direct kernel (registered once per family of ops.def)? A primitive
// of such a family that its kernel does not take, or operands it does not take, still run,
// by fx_rt_apply's way.
bool has_direct_kernel(ir::Prim p);

// index and set_index with integers and slices on a tensor (direct_index.cpp), for fx_rt_apply:
// false when declined, before any operand was touched. Throws the runtime's errors.
bool apply_index_directly(ir::Prim p, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out);

// Writes a kernel's result as the caller expects it (apply.cpp's from_value of the
// interpreter's box): a rank-0 f64, i64 or bool tensor is a number to the interpreter.
void write_result(rt::Tensor t, fx_value* out);

// fx_rt_apply's evaluation through interpreter values (apply.cpp), for what a direct kernel
// does not take.
const char* apply_by_values(int32_t prim, const fx_value* args, int64_t n, uint64_t consumed, fx_value* out,
                            bool check_nan);

}  // namespace fx::native_abi
