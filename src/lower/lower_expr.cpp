// Expressions: literals, names, operators, short-circuit logic, chained comparisons,
// conditional expressions, lambdas and field access. Calls are in lower_call.cpp, tensor
// literals and indexing in lower_tensor.cpp, comprehensions in lower_comprehension.cpp.
#include "lower/lowerer.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

namespace {

Prim arithmetic_prim(ast::BinaryOp op) {
  switch (op) {
    case ast::BinaryOp::Add: return Prim::Add;
    case ast::BinaryOp::Sub: return Prim::Sub;
    case ast::BinaryOp::Mul: return Prim::Mul;
    case ast::BinaryOp::Div: return Prim::Div;
    case ast::BinaryOp::FloorDiv: return Prim::FloorDiv;
    case ast::BinaryOp::Mod: return Prim::Mod;
    case ast::BinaryOp::Pow: return Prim::Pow;
    case ast::BinaryOp::MatMul: return Prim::MatMul;
    case ast::BinaryOp::And: case ast::BinaryOp::Or: break;
  }
  return Prim::Add;  // unreachable: callers handle and/or first
}

Prim compare_prim(ast::CompareOp op) {
  switch (op) {
    case ast::CompareOp::Lt: return Prim::Lt;
    case ast::CompareOp::Le: return Prim::Le;
    case ast::CompareOp::Gt: return Prim::Gt;
    case ast::CompareOp::Ge: return Prim::Ge;
    case ast::CompareOp::Eq: return Prim::Eq;
    case ast::CompareOp::Ne: return Prim::Ne;
  }
  return Prim::Eq;
}

}  // namespace

ir::Graph* Lowerer::branch(ir::Graph* parent, const char* name, SourceLoc loc) {
  return m_.new_graph(name, parent, loc, ir::GraphRole::Branch);
}

Node* Lowerer::if_node(ir::Graph* g, Node* cond, ir::Graph* then_g, ir::Graph* else_g, SourceLoc loc,
                       std::string name) {
  return m_.apply_prim(g, Prim::If, {cond, m_.constant(then_g, loc), m_.constant(else_g, loc)}, loc,
                       std::move(name));
}

Node* Lowerer::tuple_get(ir::Graph* g, Node* t, size_t i, SourceLoc loc, std::string name) {
  return m_.apply_prim(g, Prim::TupleGet, {t, m_.int_const(static_cast<int64_t>(i))}, loc, std::move(name));
}

Node* Lowerer::expr(const ast::Expr& e, const ExprCtx& c) {
  switch (e.kind) {
    case ast::ExprKind::Int: return m_.constant(static_cast<const ast::IntExpr&>(e).value, e.loc);
    case ast::ExprKind::Float: return m_.constant(static_cast<const ast::FloatExpr&>(e).value, e.loc);
    case ast::ExprKind::Bool: return m_.constant(static_cast<const ast::BoolExpr&>(e).value, e.loc);
    case ast::ExprKind::Str: return m_.constant(static_cast<const ast::StrExpr&>(e).value, e.loc);
    case ast::ExprKind::Name: return name(static_cast<const ast::NameExpr&>(e).name, e.loc, c);
    case ast::ExprKind::Unary: return unary(static_cast<const ast::UnaryExpr&>(e), c);
    case ast::ExprKind::Binary: return binary(static_cast<const ast::BinaryExpr&>(e), c);
    case ast::ExprKind::Compare: return compare(static_cast<const ast::CompareExpr&>(e), c);
    case ast::ExprKind::IfExp: return if_exp(static_cast<const ast::IfExpExpr&>(e), c);
    case ast::ExprKind::Lambda: return lambda(static_cast<const ast::LambdaExpr&>(e), c);
    case ast::ExprKind::Call: return call(static_cast<const ast::CallExpr&>(e), c);
    case ast::ExprKind::Index: return index(static_cast<const ast::IndexExpr&>(e), c);
    case ast::ExprKind::Slice:  // the parser accepts slices only in brackets; index() takes them apart
      compile_error(e.loc, "a slice a:b can only be written inside brackets: x[a:b]");
    case ast::ExprKind::Attribute: {
      const auto& a = static_cast<const ast::AttributeExpr&>(e);
      Node* base = expr(*a.base, c);
      return m_.apply_prim(c.g, Prim::GetAttr, {base, m_.constant(a.attr, e.loc)}, e.loc);
    }
    case ast::ExprKind::Tuple: {
      std::vector<Node*> items;
      for (const auto& x : static_cast<const ast::TupleExpr&>(e).elements) items.push_back(expr(*x, c));
      return m_.apply_prim(c.g, Prim::MakeTuple, std::move(items), e.loc);
    }
    case ast::ExprKind::List: return list_literal(static_cast<const ast::ListExpr&>(e), c);
    case ast::ExprKind::ListComp: return comprehension(static_cast<const ast::ListCompExpr&>(e), c);
  }
  internal_error("lowering", "unknown expression kind");
}

Node* Lowerer::name(const std::string& n, SourceLoc loc, const ExprCtx& c) {
  Resolved r = resolve_name(m_, scope_, n, *c.env, c.fs, c.g, loc);
  switch (r.kind) {
    case Resolved::Kind::Value: return read_variable(r, n, loc, c);
    case Resolved::Kind::Constant: return m_.constant(r.value, loc);
    case Resolved::Kind::Function: return m_.constant(r.graph, loc);
    case Resolved::Kind::Global:  // a top-level constant is a nullary graph: call it
      return m_.apply(c.g, {m_.constant(r.graph, loc)}, loc, n);
    case Resolved::Kind::Struct:
      compile_error(loc, "struct '" + n + "' can only be called, to construct a value: " + n + "(...)");
    case Resolved::Kind::Variant:
      if (!r.variant->fields.empty())
        compile_error(loc, "variant '" + n + "' has fields; call it to construct a value: " + n + "(...)");
      return m_.apply_prim(c.g, Prim::MakeVariant, {m_.constant(r.variant, loc)}, loc);
    case Resolved::Kind::Builtin: return builtin_value(*r.builtin, loc);
  }
  internal_error("lowering", "unknown name kind");
}

// A variable assigned on some paths only: if(flag, λ: x, λ: fail("...")), so that reading
// it where it is unassigned is a run-time error located at the read.
Node* Lowerer::read_variable(const Resolved& r, const std::string& var, SourceLoc loc, const ExprCtx& c) {
  if (!r.flag) return r.node;
  ir::Graph* assigned = branch(c.g, "assigned", loc);
  ir::Graph* unassigned = branch(c.g, "unassigned", loc);
  assigned->output = r.node;
  unassigned->output = m_.apply_prim(
      unassigned, Prim::Fail, {m_.constant(std::string("variable '" + var + "' is used before it is assigned"), loc)},
      loc);
  return if_node(c.g, r.flag, assigned, unassigned, loc, var);
}

Node* Lowerer::unary(const ast::UnaryExpr& e, const ExprCtx& c) {
  switch (e.op) {
    case ast::UnaryOp::Neg:
      // Fold negative literals, so that `-1` is a constant (tuple indices, patterns, printing).
      if (e.operand->kind == ast::ExprKind::Int)
        return m_.constant(static_cast<int64_t>(0ULL - static_cast<uint64_t>(
                                                          static_cast<const ast::IntExpr&>(*e.operand).value)),
                           e.loc);
      if (e.operand->kind == ast::ExprKind::Float)
        return m_.constant(-static_cast<const ast::FloatExpr&>(*e.operand).value, e.loc);
      return m_.apply_prim(c.g, Prim::Neg, {expr(*e.operand, c)}, e.loc);
    case ast::UnaryOp::Pos: return expr(*e.operand, c);
    case ast::UnaryOp::Not: return m_.apply_prim(c.g, Prim::Not, {expr(*e.operand, c)}, e.loc);
  }
  internal_error("lowering", "unknown unary operator");
}

Node* Lowerer::binary(const ast::BinaryExpr& e, const ExprCtx& c) {
  // Left-associative chains (a + b + c + ...) nest on the left and can be very long:
  // walk the left spine iteratively, evaluating left to right.
  std::vector<const ast::BinaryExpr*> spine;
  const ast::Expr* leftmost = &e;
  while (leftmost->kind == ast::ExprKind::Binary) {
    spine.push_back(static_cast<const ast::BinaryExpr*>(leftmost));
    leftmost = spine.back()->lhs.get();
  }
  Node* value = expr(*leftmost, c);
  for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
    const ast::BinaryExpr& b = **it;
    if (b.op == ast::BinaryOp::And || b.op == ast::BinaryOp::Or) {
      value = short_circuit(b, value, c);
    } else {
      Node* rhs = expr(*b.rhs, c);
      value = m_.apply_prim(c.g, arithmetic_prim(b.op), {value, rhs}, b.loc);
    }
  }
  return value;
}

// a and b → if(a, λ: b, λ: False);  a or b → if(a, λ: True, λ: b).
Node* Lowerer::short_circuit(const ast::BinaryExpr& e, Node* lhs, const ExprCtx& c) {
  ir::Graph* then_g = branch(c.g, "if_true", e.loc);
  ir::Graph* else_g = branch(c.g, "if_false", e.loc);
  if (e.op == ast::BinaryOp::And) {
    then_g->output = expr(*e.rhs, in(c, then_g));
    else_g->output = m_.constant(false, e.loc);
  } else {
    then_g->output = m_.constant(true, e.loc);
    else_g->output = expr(*e.rhs, in(c, else_g));
  }
  return if_node(c.g, lhs, then_g, else_g, e.loc);
}

// a < b < c → t = a < b; if(t, λ: b < c, λ: False), b evaluated once. Each further link
// nests one level deeper; the loop keeps the C++ recursion flat.
Node* Lowerer::compare(const ast::CompareExpr& e, const ExprCtx& c) {
  if (e.operands.size() < 2 || e.ops.size() + 1 != e.operands.size())
    internal_error("lowering", "malformed comparison");
  ir::Graph* g = c.g;
  Node* result = nullptr;
  ir::Graph* awaiting_output = nullptr;  // the then-graph whose output is the next link
  Node* prev = expr(*e.operands[0], c);
  for (size_t i = 0; i < e.ops.size(); ++i) {
    SourceLoc op_loc = i < e.op_locs.size() ? e.op_locs[i] : e.loc;
    Node* cur = expr(*e.operands[i + 1], in(c, g));
    Node* link = m_.apply_prim(g, compare_prim(e.ops[i]), {prev, cur}, op_loc);
    Node* value = link;
    ir::Graph* next_g = nullptr;
    if (i + 1 < e.ops.size()) {
      next_g = branch(g, "if_true", op_loc);
      ir::Graph* else_g = branch(g, "if_false", op_loc);
      else_g->output = m_.constant(false, op_loc);
      value = if_node(g, link, next_g, else_g, op_loc);
    }
    if (awaiting_output) awaiting_output->output = value;
    else result = value;
    awaiting_output = next_g;
    g = next_g;
    prev = cur;
  }
  return result;
}

Node* Lowerer::if_exp(const ast::IfExpExpr& e, const ExprCtx& c) {
  Node* cond = expr(*e.cond, c);
  ir::Graph* then_g = branch(c.g, "if_true", e.loc);
  ir::Graph* else_g = branch(c.g, "if_false", e.loc);
  then_g->output = expr(*e.then_value, in(c, then_g));
  else_g->output = expr(*e.else_value, in(c, else_g));
  return if_node(c.g, cond, then_g, else_g, e.loc);
}

Node* Lowerer::lambda(const ast::LambdaExpr& e, const ExprCtx& c) {
  ir::Graph* g = m_.new_graph("lambda@" + std::to_string(e.loc.line), c.g, e.loc, ir::GraphRole::Lambda);
  FunctionScope fs;
  fs.enclosing = c.fs;
  fs.enclosing_env = c.env;
  Env env = add_params(g, e.params, fs);
  g->output = expr(*e.body, ExprCtx{g, &env, &fs});
  return m_.constant(g, e.loc);
}

}  // namespace fx::lower
