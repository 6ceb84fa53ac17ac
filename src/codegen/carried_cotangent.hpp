// Is the tensor zero z carried on as a cotangent — as it is, with elements set or terms added
// into it — into the accumulator a loop's backward pass hands on (the cotangent of the loop's
// environment: a tensor the loop captured, the size of the whole input), a value that leaves
// its graph otherwise, or a call? Then each iteration pays the zero's size for the few
// elements it holds. Followed through tuples (by position), the `if`s whose branch returns
// it and the loops it starts. A zero that an adjoint computes with (the cotangent of y[t] for
// a y the iteration computed, going into log_softmax's rule), or the cotangent of the loop's
// state handed to the next iteration, costs what the iteration's own tensors cost. The emitter refuses a zero in a loop that is
// carried so (docs/codegen.md "Native or interpreted").
#pragma once
#include <map>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace fx::codegen {

// What the emitter knows of the program around the zero (emitter.cpp mark_loops,
// mark_branch_codes).
struct CotangentFlow {
  const std::map<const ir::Node*, std::vector<const ir::Node*>>& users;      // who reads each node
  const std::map<const ir::Node*, std::vector<const ir::Graph*>>& outputs;   // the graphs a node is the output of
  const std::map<const ir::Graph*, std::vector<const ir::Node*>>& branch_runs;  // the `if`s that run a branch
  const std::string& accumulating;  // the name of a backward pass's loop body with an accumulator
};

bool carried_as_cotangent(const ir::Node* z, const CotangentFlow& flow);

}  // namespace fx::codegen
