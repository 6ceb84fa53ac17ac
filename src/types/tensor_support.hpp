// Shared pieces of the tensor type rules (docs/tensors.md "Types"): shapes with unknown
// parts, NumPy broadcasting of them, the dtype rules (defined once, by the runtime:
// fx::rt::promote / result_dtype) with the weak-scalar rule on top, and reading the
// constant operands (axis, keepdims, dtype names, shapes) of a direct application.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "fluxion/runtime/dtype.hpp"
#include "types/prim_call.hpp"
#include "types/type.hpp"

namespace fx::types {

// A tensor's static shape: rank -1 when unknown (dims empty), else one extent per axis
// (-1 when unknown). A scalar has rank 0.
struct Shape {
  int64_t rank = -1;
  std::vector<int64_t> dims;

  bool known_rank() const { return rank >= 0; }
  int64_t dim(int64_t axis) const { return dims.at(static_cast<size_t>(axis)); }
  std::string text() const { return shape_text(rank, dims); }
};

Shape shape_of(const Type* t);  // of a tensor or scalar type
Shape unknown_shape();
// The type of a result of this dtype and shape (a scalar for rank 0).
const Type* make_result(TypeStore& store, const Type* dtype, const Shape& s);

// NumPy broadcasting of two shapes; "cannot broadcast shapes (2,) and (3,)" at loc when the
// known extents disagree. Unknown extents broadcast to what is known (checked at run time).
Shape broadcast(const Shape& a, const Shape& b, SourceLoc loc);

// Dtypes: scalar types f64 f32 i64 bool <-> the runtime's.
rt::DType to_rt(const Type* dtype);
const Type* from_rt(TypeStore& store, rt::DType d);

// The dtype operand `t` (a tensor or a scalar) takes in an elementwise operation beside
// `other`: a Python scalar (f64, i64, bool; not f32, which is a rank-0 tensor) next to a
// tensor or an f32 is weak: it takes the other's dtype unless it is of a higher kind
// (bool < integer < float), as in NumPy 2 and JAX.
rt::DType operand_dtype(const Type* t, const Type* other);

// Is t Bottom or a tensor whose dtype is not known yet (a comprehension before its first row)?
bool not_known(const Type* t);

// Constant operands of a direct application (call.arg_nodes); nullopt when operand i is not
// a constant of that kind (or the primitive is called through a function value).
std::optional<int64_t> int_constant(const PrimCall& call, size_t i);
std::optional<bool> bool_constant(const PrimCall& call, size_t i);
const std::string* str_constant(const PrimCall& call, size_t i);
bool none_constant(const PrimCall& call, size_t i);

// Operand i of `op`, which must be an i64 constant (an axis, a stride): CompileError otherwise.
int64_t required_int(const PrimCall& call, size_t i, const char* op, const char* what);
// An axis operand: an i64 constant, or None (nullopt). CompileError otherwise.
std::optional<int64_t> axis_operand(const PrimCall& call, size_t i, const char* op);
// An axis of a tensor of known rank `rank`, normalised (negative counts from the end);
// "axis 2 is out of range for Tensor[f64, 2]" at loc otherwise.
int64_t normalise_axis(int64_t axis, int64_t rank, const Type* t, SourceLoc loc, const char* op);

// A shape operand (zeros(shape), reshape(x, shape), ...): an i64 (rank 1) or a tuple of i64
// (its length is the rank). Extents are known where the operand is a constant or a tuple of
// constants written in place. Bottom gives an unknown shape.
Shape shape_operand(const PrimCall& call, size_t i, const char* op);

// "expected a tensor, found f64" at operand i unless t is a tensor (or not known yet).
void require_tensor(const PrimCall& call, size_t i, const char* op);
// An i64 scalar operand (an index, a seed, a count).
void require_i64(const PrimCall& call, size_t i, const char* op, const char* what);

}  // namespace fx::types
