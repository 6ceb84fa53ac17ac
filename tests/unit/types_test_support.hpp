// Helpers shared by the type inference unit tests (types_test, types_tensor_test,
// types_derivatives_test): the error a piece of work reports, and a module with its checker in
// which graphs are built by hand at locations of a fake file.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "support/diagnostics.hpp"
#include "types/checker.hpp"

namespace fx::types::testing {

// "LINE:COL: message" of a CompileError, or "" when `work` succeeds.
template <typename Work>
std::string error_of(Work&& work) {
  try {
    work();
  } catch (const CompileError& e) {
    return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": " + e.message;
  }
  return "";
}

// A module, its checker, and hand-built graphs at `loc(line, col)` of a fake 100-line file.
struct HandBuiltProgram {
  ir::Module m;
  TypeChecker checker;
  SourceFile fake{"hand.fx", std::string(100, '\n')};
  int counter = 0;  // for fresh graph names

  explicit HandBuiltProgram(InferenceLimits limits = {}) : checker(m, limits) {}
  TypeStore& T() { return checker.store(); }
  SourceLoc loc(uint32_t line, uint32_t col = 1) { return SourceLoc{&fake, line, col}; }
  // A graph with parameters `params`; a top-level one is registered as a function.
  ir::Graph* graph(const std::string& name, std::vector<std::string> params, ir::Graph* parent = nullptr,
                   ir::GraphRole role = ir::GraphRole::Function) {
    ir::Graph* g = m.new_graph(name, parent, loc(1), role);
    for (const auto& p : params) m.add_param(g, p, loc(1));
    if (!parent) {
      m.functions[name] = g;
      m.function_order.push_back(g);
    }
    return g;
  }
};

}  // namespace fx::types::testing
