// Type rules of the derivative operators that make function values (LANGUAGE.md §6):
// grad(f, argnums), value_and_grad, jacfwd, jacrev, hessian, derivative(f), checkpoint(f),
// custom_vjp(f, fwd, bwd) and custom_jvp(f, rule). Each gives a Derived type naming the
// operator, its argnums and the function types it was given; what calling one returns is
// decided per call signature by the inferrer (derivative_calls.cpp).
#include "support/diagnostics.hpp"
#include "types/locations.hpp"
#include "types/prim_rules.hpp"

namespace fx::types {

using ir::Prim;

namespace {

bool is_int_constant(const ir::Node* n) { return n->is_constant() && std::holds_alternative<int64_t>(n->value); }

// What the operator needs its function operand i for, for messages.
const char* operand_role(Prim p, size_t i) {
  if (i == 0) return "to differentiate";
  if (p == Prim::CustomVjp) return i == 1 ? "as its fwd rule" : "as its bwd rule";
  return "as its rule";  // custom_jvp
}

}  // namespace

// argnums is resolved by the lowering into an i64 constant or a make_tuple of them
// (`argnums=(0, 1)`); it decides the result type, so it must be known here.
Argnums PrimRules::read_argnums(Prim p, const PrimCall& call) {
  std::string op = ir::prim_name(p);
  const char* expected = "argnums must be a constant integer or a tuple of constant integers";
  if (call.arg_nodes.size() < 2)
    compile_error(call.node->loc, op + ": " + expected + ", so " + op +
                                      " cannot be applied through a function value here; write " + op +
                                      "(f, argnums=...) directly");
  const ir::Node* a = call.arg_nodes[1];
  SourceLoc at = operand_loc(call.node, a);
  Argnums result;
  if (is_int_constant(a)) {
    result.nums = {a->as_int()};
  } else if (a->is_prim_apply(Prim::MakeTuple) && a->num_args() > 0) {
    result.tuple = true;
    result.nums.clear();
    for (size_t i = 0; i < a->num_args(); ++i) {
      if (!is_int_constant(a->arg(i))) compile_error(at, op + ": " + expected + ", found " + to_string(call.args[1]));
      result.nums.push_back(a->arg(i)->as_int());
    }
  } else if (a->is_prim_apply(Prim::MakeTuple)) {
    compile_error(at, op + ": argnums must not be an empty tuple");
  } else {
    compile_error(at, op + ": " + expected + ", found " + to_string(call.args[1]));
  }
  for (int64_t n : result.nums)
    if (n < 0)
      compile_error(at, op + ": argnums " + std::to_string(n) + " is out of range: arguments are counted from 0");
  return result;
}

const Type* PrimRules::derivative_operator(Prim p, const PrimCall& call) {
  size_t functions = p == Prim::CustomVjp ? 3 : p == Prim::CustomJvp ? 2 : 1;
  bool unknown = false;
  std::vector<const Type*> elems;
  for (size_t i = 0; i < functions; ++i) {
    const Type* t = call.args[i];
    if (t->kind == TypeKind::Bottom) unknown = true;  // not known yet (recursion): decided later
    else if (!is_function(t))
      compile_error(operand_at(call, i),
                    std::string(ir::prim_name(p)) + " needs a function " + operand_role(p, i) + ", found " +
                        to_string(t));
    elems.push_back(t);
  }
  Argnums argnums;
  bool has_argnums = p == Prim::Grad || p == Prim::ValueAndGrad || p == Prim::Jacfwd || p == Prim::Jacrev ||
                     p == Prim::Hessian;
  if (has_argnums) argnums = read_argnums(p, call);
  if (unknown) return store_.bottom();
  return store_.derived(p, std::move(elems), argnums);
}

}  // namespace fx::types
