// Function bodies (top-level and nested defs) and parameters.
#include <optional>
#include <set>

#include "lower/lowerer.hpp"
#include "lower/scan.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Prim;

namespace {

// A default value is a literal (Python evaluates it once, when the def runs; a literal is the
// same value either way): a number, possibly negated, True/False, a string or None.
std::optional<ir::ConstValue> default_constant(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Int: return ir::ConstValue{static_cast<const ast::IntExpr&>(e).value};
    case ast::ExprKind::Float: return ir::ConstValue{static_cast<const ast::FloatExpr&>(e).value};
    case ast::ExprKind::Bool: return ir::ConstValue{static_cast<const ast::BoolExpr&>(e).value};
    case ast::ExprKind::Str: return ir::ConstValue{static_cast<const ast::StrExpr&>(e).value};
    case ast::ExprKind::Name:
      if (static_cast<const ast::NameExpr&>(e).name == "None") return ir::ConstValue{ir::NoneVal{}};
      return std::nullopt;
    case ast::ExprKind::Unary: {
      const auto& u = static_cast<const ast::UnaryExpr&>(e);
      std::optional<ir::ConstValue> v = default_constant(*u.operand);
      if (!v || u.op == ast::UnaryOp::Not) return std::nullopt;
      if (u.op == ast::UnaryOp::Pos) return v;
      if (auto* i = std::get_if<int64_t>(&*v)) return ir::ConstValue{static_cast<int64_t>(0ULL - static_cast<uint64_t>(*i))};
      if (auto* d = std::get_if<double>(&*v)) return ir::ConstValue{-*d};
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

}  // namespace

Env Lowerer::add_params(ir::Graph* g, const std::vector<ast::Param>& params, FunctionScope& fs) {
  Env env;
  for (const ast::Param& p : params) {
    if (env.count(p.name)) compile_error(p.loc, "duplicate parameter '" + p.name + "'");
    ir::Node* node = m_.add_param(g, p.name, p.loc);
    g->param_types.back() = p.annotation.get();
    if (p.default_value) {
      std::optional<ir::ConstValue> v = default_constant(*p.default_value);
      if (!v)
        compile_error(p.default_value->loc, "a default value must be a literal: a number, True, False, a string "
                                            "or None (compute other values in the body)");
      g->param_defaults.back() = m_.constant(std::move(*v), p.default_value->loc);
    }
    check_declared_rank(g, node, p.annotation.get(), "argument '" + p.name + "'");
    env[p.name] = node;
    fs.locals.insert(p.name);
  }
  return env;
}

void Lowerer::check_declared_rank(ir::Graph* g, ir::Node* param, const ast::TypeExpr* type, const std::string& what) {
  if (!type || type->name != "Tensor" || type->args.size() != 2) return;
  const ast::TypeExpr& rank = *type->args[1];
  if (rank.name.empty() || rank.name.size() > 2 || !rank.args.empty() ||
      rank.name.find_first_not_of("0123456789") != std::string::npos)
    return;  // not a rank: type inference reports the annotation
  SourceLoc at = type->loc;
  std::string declared = "Tensor[" + type->args[0]->name + ", " + rank.name + "]";
  ir::Node* ndim = m_.apply_prim(g, Prim::GetAttr, {param, m_.constant(std::string("ndim"), at)}, at);
  ir::Node* same = m_.apply_prim(g, Prim::Eq, {ndim, m_.constant(int64_t{std::stoll(rank.name)}, at)}, at);
  m_.apply_prim(g, Prim::Assert,
                {same, m_.constant(what + " is declared " + declared + ", found a tensor of another rank", at)}, at);
}

void Lowerer::lower_function(ir::Graph* g, const std::vector<ast::Param>& params, const ast::Block& body,
                             const ast::TypeExpr* return_type, FunctionScope* enclosing,
                             const Env* enclosing_env, const std::function<void(Cursor&)>& prelude) {
  FunctionScope fs;
  fs.enclosing = enclosing;
  fs.enclosing_env = enclosing_env;
  Env env = add_params(g, params, fs);
  g->return_type = return_type;
  collect_locals(body, m_, fs.locals);
  count_reads(body, fs.reads);
  Cursor start{g, std::move(env)};
  if (prelude) prelude(start);
  Ends ends = block(body, std::move(start), fs);
  // Falling off the end returns None.
  for (Cursor& end : ends) terminate_fallthrough(end, fs, g->loc);
}

// The def's graph was created when its block started (see Lowerer::block); now that the
// def is reached, it gets its parent: the closure captures the variables visible here.
Ends Lowerer::nested_def(const ast::FunctionDef& d, Cursor cur, FunctionScope& fs) {
  HoistedDef& h = fs.blocks.back()->defs.at(d.name);
  h.graph->parent = cur.g;
  h.reached = true;
  if (!d.decorators.empty()) return nested_decorated_def(d, h, std::move(cur), fs);  // lower_derivatives.cpp
  bind(cur, d.name, h.value);
  lower_function(h.graph, d.params, d.body, d.return_annotation.get(), &fs, &cur.env);
  check_early_uses(h);
  Ends ends;
  ends.push_back(std::move(cur));
  return ends;
}

}  // namespace fx::lower
