// What a primitive's type rule sees of one application (prim_rules.hpp, tensor_rules.hpp).
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "types/type.hpp"

namespace fx::types {

struct PrimCall {
  const ir::Node* node = nullptr;               // the application: its loc is where errors point
  std::vector<const Type*> args;                // argument types
  std::vector<const ir::Node*> arg_nodes;       // argument nodes; empty when called as a value
};

// Where operand i of a primitive application was written (the node itself when the
// primitive is called through a function value).
SourceLoc operand_at(const PrimCall& call, size_t i);

// "1 argument" / "3 arguments".
std::string count_of(size_t n, const char* what);

}  // namespace fx::types
