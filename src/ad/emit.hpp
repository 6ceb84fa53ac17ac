// IR building shorthands for the AD transforms and rules: every node they create goes
// through an Emitter bound to one graph and one source location (the location of the
// primal node being transformed, so that run-time errors in derivatives point at the
// user's code).
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace fx::ad {

class Context;

class Emitter {
 public:
  Emitter(Context& cx, ir::Graph* g, SourceLoc loc = {}) : cx(cx), g(g), loc(loc) {}

  Context& cx;
  ir::Graph* g;
  SourceLoc loc;

  ir::Node* op(ir::Prim p, std::vector<ir::Node*> args, std::string name = "");
  ir::Node* call(ir::Node* callee, std::vector<ir::Node*> args, std::string name = "");
  ir::Node* cst(ir::ConstValue v);
  ir::Node* f64(double v) { return cst(v); }
  ir::Node* i64(int64_t v) { return cst(v); }
  ir::Node* tuple(std::vector<ir::Node*> elems, std::string name = "");
  // tuple_get(t, i) with a constant index.
  ir::Node* get(ir::Node* t, int64_t i, std::string name = "");
  // zeros_like(x), folded for constants; `typed` (optional) is a node whose inferred type
  // is x's (0.0 for f64 without a run-time call).
  ir::Node* zeros(ir::Node* x, const ir::Node* typed = nullptr);
  // add_tangent(a, b); a null operand is a symbolic zero.
  ir::Node* add(ir::Node* a, ir::Node* b);
  // make_closure(code, make_tuple(env...)).
  ir::Node* closure(ir::Graph* code, std::vector<ir::Node*> env, std::string name = "");
  // make_closure("name", make_tuple(env...)): a generic code (generic.hpp).
  ir::Node* generic(const std::string& name, std::vector<ir::Node*> env, std::string name_hint = "");
};

}  // namespace fx::ad
