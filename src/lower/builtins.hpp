// The builtin functions of the scalar core and the derivative operators: source name → IR
// primitive.
// Builtins are ordinary names looked up after local, enclosing and top-level names,
// so a user definition called `relu` shadows the builtin.
#pragma once
#include <string>

#include "ir/ir.hpp"

namespace fx::lower {

struct Builtin {
  const char* name;  // the source name (`max` maps to Prim::Maximum)
  ir::Prim prim;
  int arity;         // accepted number of arguments; -1: any number (print)
};

// The builtin called `name`, or nullptr.
const Builtin* find_builtin(const std::string& name);

// grad, value_and_grad, jacfwd, jacrev, hessian: called as op(f), op(f, k) or
// op(f, argnums=k), with k resolved to a constant argument by the lowering.
bool takes_argnums(ir::Prim p);

// For a name that is part of the language but not of this core (tensor functions, `range`
// outside a for loop): the compile error to report; "" otherwise.
std::string unsupported_builtin_message(const std::string& name);

}  // namespace fx::lower
