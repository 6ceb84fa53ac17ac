// Tensor primitives of the interpreter (docs/tensors.md "Interpreter"): the conversions between
// run-time values and fx::rt tensors that every family of tensor primitives shares, and the
// family entry points (tensor_*.cpp). apply_tensor_primitive (tensor_prims.cpp) dispatches.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

#include "fluxion/runtime/runtime.hpp"
#include "interp/value.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

// The primitives of the "Tensors" and "Tensor adjoints" sections of ops.def on evaluated
// arguments. Arguments may be moved from (set_index and rows_append write into a tensor
// nobody else holds). Every rt::TensorError becomes a run-time error at `loc`.
Value apply_tensor_primitive(ir::Prim p, SourceLoc loc, Value* args, size_t n);

// Is any of args[0..n) a tensor? Then a scalar primitive runs elementwise.
bool any_tensor(const Value* args, size_t n);
// add ... pow, neg, comparisons, not, math, abs ... minimum, float/int, matmul with a tensor
// operand: elementwise with broadcasting and weak scalars. nullopt: p is not elementwise.
std::optional<Value> apply_elementwise(ir::Prim p, SourceLoc loc, Value* args, size_t n);

namespace tensors {

// Runs f, reporting a TensorError as a run-time error at loc.
template <class F>
auto guarded(SourceLoc loc, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const rt::TensorError& e) {
    runtime_error(loc, e.message);
  }
}

// A kernel's result as a value: a rank-0 f64, i64 or bool tensor is that scalar (the types of
// x[i], sum(x), ...); everything else, rank-0 f32 included, stays a tensor.
Value box(rt::Tensor t);

// v as a tensor: a tensor as it is, a number or bool as a rank-0 tensor of its own dtype.
// Anything else is an error "WHAT expects a tensor, found T".
rt::Tensor to_tensor(const Value& v, SourceLoc loc, const std::string& what);
// The same, taking v's tensor out when v holds it alone (for in-place updates).
rt::Tensor take_as_tensor(Value&& v, SourceLoc loc, const std::string& what);
bool is_scalar(const Value& v);  // bool, i64 or f64 immediate

// A Python scalar beside a tensor of dtype `other` is weak (docs/tensors.md): it takes that
// dtype when it is of the same or a lower kind (bool < integer < float).
rt::Tensor weak_scalar(const Value& s, rt::DType other);
// Two operands of an elementwise op: tensors as they are, scalars weak against a tensor.
std::pair<rt::Tensor, rt::Tensor> operand_pair(const Value& a, const Value& b, SourceLoc loc, const std::string& what);

// v as an rt::Scalar (a number, a bool or a one-element tensor).
rt::Scalar to_scalar(const Value& v, SourceLoc loc, const std::string& what);

// Static operands the lowering fills in: an i64, a shape (an i64 or a tuple of them), an axis
// (None or an i64), a bool, a string, a dtype name ("f64", "f32", "i64", "bool").
int64_t int_arg(const Value& v, SourceLoc loc, const std::string& what);
double float_arg(const Value& v, SourceLoc loc, const std::string& what);
rt::Shape shape_arg(const Value& v, SourceLoc loc, const std::string& what);
rt::Axis axis_arg(const Value& v, SourceLoc loc, const std::string& what);
bool bool_arg(const Value& v, SourceLoc loc, const std::string& what);
const std::string& str_arg(const Value& v, SourceLoc loc, const std::string& what);
rt::DType dtype_arg(const Value& v, SourceLoc loc, const std::string& what);
// The shape of a tensor or scalar value.
rt::Shape shape_of_value(const Value& v, SourceLoc loc, const std::string& what);
rt::Key key_arg(const Value& v, SourceLoc loc, const std::string& what);

// ---- the families (one file each)
// zeros ones full arange eye make_tensor rows_empty rows_append astype key split normal
// uniform len (tensor_construct.cpp)
Value construct(ir::Prim p, SourceLoc loc, Value* args, size_t n);
// index set_index, and x.shape / x.ndim / x.T (tensor_index.cpp)
Value index(SourceLoc loc, Value* args, size_t n);
Value set_index(SourceLoc loc, Value* args, size_t n);
std::optional<Value> attribute(const Value& x, const std::string& field, SourceLoc loc);
// clip where, reductions, linear algebra, shapes, networks (tensor_compute.cpp)
Value compute(ir::Prim p, SourceLoc loc, Value* args, size_t n);
// load save read_bytes read_idx (tensor_io.cpp)
Value file_io(ir::Prim p, SourceLoc loc, Value* args, size_t n);
// unbroadcast ... pool_sum (tensor_adjoints.cpp)
Value adjoint(ir::Prim p, SourceLoc loc, Value* args, size_t n);

}  // namespace tensors
}  // namespace fx::interp
