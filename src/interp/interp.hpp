// The reference interpreter: evaluates IR graphs directly. It is the test oracle
// for every later stage (AD, optimiser, C back end).
#pragma once
#include <cstddef>
#include <iosfwd>
#include <vector>

#include "interp/value.hpp"
#include "ir/ir.hpp"

namespace fx::interp {

struct Options {
  size_t max_call_depth = 10000;  // deeper recursion is a located run-time error
};

// Calls graph g (a top-level graph) with positional arguments. `print` writes to `out`.
// Throws RuntimeError (located) for run-time faults.
Value call_graph(const ir::Module& m, const ir::Graph* g, const std::vector<Value>& args,
                 const Options& options, std::ostream& out);

}  // namespace fx::interp
