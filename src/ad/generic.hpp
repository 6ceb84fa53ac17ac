// Generic codes: functions whose closed graph is instantiated per call (docs/ad.md §4).
//
// The derived functions (grad(f), jacrev(f), ...) and a few structural helpers cannot be one
// fixed graph: the graph depends on the number and structure of the arguments (jvp spreads
// a tuple of primals, jacfwd builds one tangent per input leaf, grad checks that the output
// is a scalar). Such a function value is `(generic code, env)`; calling it instantiates a
// closed template graph `G(env, x...)` for the arguments' shapes (cached), applies the
// stack of transforms J/T that jfn/tfn pushed on the value, and calls the result. In IR a
// generic code is named by a string: `make_closure("jvp", make_tuple(f))`.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace fx::ad {

enum class Generic : uint8_t {
  // The user-facing operators; env = the primitive's arguments (f, argnums) etc.
  Grad, ValueAndGrad, Jacfwd, Jacrev, Hessian, Derivative, Jvp, Vjp, Checkpoint, CustomVjp,
  CustomJvp,
  PrimFn,          // a primitive used as a function value (env ())
  // Helpers the templates call (env: static parameters).
  GradSeed,        // (y) → 1.0 for an f64 y; a run-time error otherwise
  JacfwdLoop,      // env (argnums,); (tf, df, x..., y, dy...) → the Jacobian, output-major
  JacrevBack,      // env (argnums,); (y, pullback, inputs) → the Jacobian
  CustomJvpBack,   // (rule, x0..x{n-1}, ct) → the cotangents of x0..x{n-1} (a tuple)
};

// Transforms pushed by jfn (Reverse, J) and tfn (Forward, T), innermost first.
enum class Mode : uint8_t { Forward, Reverse };

const char* generic_name(Generic g);
std::optional<Generic> generic_from_name(const std::string& name);
// The generic code a function-valued AD primitive evaluates to (grad → Grad, ...).
std::optional<Generic> generic_of_prim(ir::Prim p);
// Index in env of the argnums value, or -1.
int argnums_slot(Generic g);
// Does instantiation look at the arguments' shapes (beyond their number)?
bool needs_shapes(Generic g);
// Is the shape of argument i (of n) of no concern to g's template (a value it only passes on
// or indexes), so that it is left out of the template's key?
bool shape_ignored(Generic g, size_t i, size_t n);

// argnums: an i64 or a tuple of them (a tuple of results then).
struct Argnums {
  std::vector<int64_t> nums{0};
  bool tuple = false;
  std::string key() const;
};

}  // namespace fx::ad
