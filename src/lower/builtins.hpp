// The builtin functions: source name → IR primitive, with the parameters the lowering
// resolves at each call.
// Builtins are ordinary names looked up after local, enclosing and top-level names,
// so a user definition called `relu` (or `sum`) shadows the builtin.
//
// The scalar core and the derivative operators take positional arguments (`arity`). The
// tensor builtins (LANGUAGE.md §5) have named parameters with defaults: a call may give
// them by position or keyword, and the lowering turns them into the primitive's
// positional operands (ops.def): `sum(x, axis=1)` → sum(x, 1, False).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace fx::lower {

// What a parameter accepts. Constant kinds must be written literally at the call, because
// they decide the result's type (its rank or dtype).
enum class ParamKind {
  Value,       // any expression
  Axis,        // an integer literal (`1`, `-1`) → i64 constant
  AxisOrNone,  // an integer literal or None
  Flag,        // True or False → bool constant
  DType,       // one of the names f64 f32 i64 bool → string constant "f64", ...
};

// The value a parameter takes when the call does not give it.
enum class DefaultKind {
  Required,  // the call must give it
  Omitted,   // optional and left out of the operands (arange(stop) | arange(start, stop[, step]))
  Int,       // an i64 constant (`int_default`)
  None,
  False,
};

struct BuiltinParam {
  const char* name;
  ParamKind kind = ParamKind::Value;
  DefaultKind def = DefaultKind::Required;
  int64_t int_default = 0;
};

struct Builtin {
  const char* name;  // the source name (`max` maps to Prim::Maximum)
  ir::Prim prim;
  int arity;         // scalar/derivative builtins: accepted number of arguments; -1: any (print)
  // Tensor builtins: the parameters, in the order of the primitive's operands (when non-empty,
  // `arity` is unused and keyword arguments are accepted).
  std::vector<BuiltinParam> params = {};
  bool positional_only = false;  // arange: its parameters have no usable names
};

// The builtin called `name`, or nullptr.
const Builtin* find_builtin(const std::string& name);

// `max`/`min` with one positional argument (or with axis=/keepdims=) are the reductions
// reduce_max/reduce_min (x, axis=None, keepdims=False); with two they are maximum/minimum.
// The reduction form of b, or nullptr when b is not max/min.
const Builtin* reduction_form(const Builtin& b);

// grad, value_and_grad, jacfwd, jacrev, hessian: called as op(f), op(f, k) or
// op(f, argnums=k), with k resolved to a constant argument by the lowering.
bool takes_argnums(ir::Prim p);

// For a name that is part of the language but not a value (`range` outside a for loop or a
// comprehension, the dtype names, `Tensor`): the compile error to report; "" otherwise.
std::string unsupported_builtin_message(const std::string& name);

}  // namespace fx::lower
