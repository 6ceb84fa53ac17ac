// Tangent, cotangent and Jacobian types (LANGUAGE.md §6).
//
// A tangent or cotangent has its value's structure, so its type is the value's own type:
// f64 and f32, tuples (elementwise), structs and enums (nominal, field-wise). Integers,
// booleans, strings and None carry a zero of their own type (as the AD transforms produce
// them). Function values have no tangent type a program can write (their tangent is that
// of their captured environment), so derivatives whose inputs or outputs contain functions
// are rejected at compile time.
#pragma once
#include <string>

#include "types/annotation.hpp"
#include "types/type.hpp"

namespace fx::types {

// The tangent type of a value of type t; null when t contains a function value.
// Bottom (not known yet) stays Bottom.
const Type* tangent_type(TypeStore& store, const Type* t);

// Why a derivative cannot be taken with respect to a value of type t ("" when it can):
// floats and aggregates (tuples, structs, enums) can; i64, bool, str, None and functions
// cannot. The text completes "cannot differentiate with respect to argument 0 of type i64".
std::string not_differentiable_reason(const Type* t);

// The Jacobian of an output of type y with respect to inputs whose tangent type is `in`,
// output-major (JAX's out.shape + in.shape): y's structure with every leaf replaced by
// `in`. Every leaf of y must be a float. A struct or enum output keeps its nominal type, so
// it is only representable when every leaf of it already has type `in` (the derivative
// w.r.t. one scalar of that type). Otherwise null, with `*why` saying why.
const Type* jacobian_type(TypeStore& store, Annotations& annotations, const Type* y, const Type* in,
                          std::string* why);

}  // namespace fx::types
