// Constant folding: a scalar primitive whose operands are all constants is evaluated now, by
// the interpreter's own primitive (interp::apply_primitive), so the folded value is exactly
// what the program would have computed — same wrapping, same rounding, same str() text.
// A fold that would fail (an integer division by zero) is left for run time, where the error
// is located; so is one that makes a nan or an infinity (--check-nan reports those, and a
// constant nan has no literal in the C back end). An `if` on a constant condition becomes a
// direct call of the branch it takes, which the inliner can then open up; an assert of True,
// which checks nothing, goes.
#include <cmath>
#include <sstream>

#include "interp/primitives.hpp"
#include "opt/pass.hpp"
#include "opt/rewrite.hpp"
#include "support/diagnostics.hpp"

namespace fx::opt {

namespace {

using ir::Node;
using types::TypeKind;

bool scalar_constant(const Node* n, interp::Value* out) {
  if (!n->is_constant()) return false;
  if (auto* i = std::get_if<int64_t>(&n->value)) *out = interp::Value::integer(*i);
  else if (auto* d = std::get_if<double>(&n->value)) *out = interp::Value::real(*d);
  else if (auto* b = std::get_if<bool>(&n->value)) *out = interp::Value::boolean(*b);
  else if (auto* s = std::get_if<std::string>(&n->value)) *out = interp::Value::str(*s);
  else return false;
  return true;
}

// The constant for value v where a node of type t was, or nothing when v is not of t's kind.
bool to_constant(const interp::Value& v, const types::Type* t, ir::ConstValue* out) {
  using interp::Kind;
  if (!t) return false;
  if (v.kind() == Kind::Int && t->kind == TypeKind::I64) *out = v.as_int();
  else if (v.kind() == Kind::Float && t->kind == TypeKind::F64 && std::isfinite(v.as_float())) *out = v.as_float();
  else if (v.kind() == Kind::Bool && t->kind == TypeKind::Bool) *out = v.as_bool();
  else if (v.kind() == Kind::Str && t->kind == TypeKind::Str) *out = v.as_str();
  else return false;
  return true;
}

Node* folded(ir::Module& m, Node* n) {
  ir::Prim p;
  if (!n->prim_callee(&p)) return nullptr;
  if (p == ir::Prim::If) {
    bool* c = n->arg(0)->is_constant() ? std::get_if<bool>(&n->arg(0)->value) : nullptr;
    Node* branch = c ? n->arg(*c ? 1 : 2) : nullptr;
    if (!branch || !branch->holds_graph()) return nullptr;
    // The if's type joins both branches' (a union of two functions, ...); the call of one
    // branch has that branch's type, which must be the if's for its users.
    const ir::Graph* taken = branch->as_graph();
    if (!taken->output || taken->output->type != n->type || !taken->params.empty()) return nullptr;
    return detached_apply(m, n->graph, {branch}, n->loc, n->type, n->name);
  }
  // assert(True, msg) checks nothing (the rank check of an inlined parameter whose type knows
  // its rank, once the rank and the comparison are folded).
  if (p == ir::Prim::Assert && n->num_args() == 2 && n->arg(0)->is_constant() &&
      std::holds_alternative<bool>(n->arg(0)->value) && std::get<bool>(n->arg(0)->value) && n->type &&
      n->type->kind == TypeKind::None)
    return typed_constant(m, ir::NoneVal{}, n->type, n->loc);
  if (ir::prim_info(p).family != ir::PrimFamily::SCALAR || p == ir::Prim::MatMul) return nullptr;
  std::vector<interp::Value> args(n->num_args());
  for (size_t i = 0; i < n->num_args(); ++i)
    if (!scalar_constant(n->arg(i), &args[i])) return nullptr;
  ir::ConstValue value;
  try {
    std::ostringstream discard;
    interp::Value v = interp::apply_primitive(p, n->loc, args.data(), args.size(), discard);
    if (!to_constant(v, n->type, &value)) return nullptr;
  } catch (const RuntimeError&) {
    return nullptr;  // the error belongs to run time, at this node
  }
  return typed_constant(m, std::move(value), n->type, n->loc);
}

}  // namespace

bool fold_constants(PassContext& ctx) {
  return rewrite_nodes(ctx.module, typed_graphs(ctx.module), [&](Node* n) {
    Node* value = folded(ctx.module, n);
    if (!value) return Rewritten{};
    // A direct call of the branch taken takes the if's place.
    return value->is_apply() ? Rewritten{value, {value}, false} : Rewritten{value, {}, false};
  });
}

}  // namespace fx::opt
