// The builtin functions of the scalar core: source name → IR primitive.
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

// For a name that is part of the language but not of this core (tensor and derivative
// functions, `range` outside a for loop): the compile error to report; "" otherwise.
std::string unsupported_builtin_message(const std::string& name);

}  // namespace fx::lower
