// Calls: of functions and other values (keyword arguments kept by name for type
// inference), of builtins (primitive applications; those with named parameters in
// lower_builtin_params.cpp), and of struct and variant names (construction, arguments put in
// declaration order).
#include <set>

#include "lower/lowerer.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

namespace {

std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

}  // namespace

Node* Lowerer::call(const ast::CallExpr& e, const ExprCtx& c) {
  if (Node* updated = at_update(e, c)) return updated;
  Node* callee = nullptr;
  if (e.callee->kind == ast::ExprKind::Name) {
    const std::string& n = static_cast<const ast::NameExpr&>(*e.callee).name;
    Resolved r = resolve_name(m_, scope_, n, *c.env, c.fs, c.g, e.callee->loc);
    switch (r.kind) {
      case Resolved::Kind::Struct:
        return construct(e, c, "struct '" + n + "'", r.struct_decl->fields, r.struct_decl, Prim::MakeStruct);
      case Resolved::Kind::Variant:
        return construct(e, c, "variant '" + n + "'", r.variant->fields, r.variant, Prim::MakeVariant);
      case Resolved::Kind::Builtin: return call_builtin(*r.builtin, e, c);
      case Resolved::Kind::Value: callee = read_variable(r, n, e.callee->loc, c); break;
      case Resolved::Kind::Constant: callee = m_.constant(r.value, e.callee->loc); break;
      case Resolved::Kind::Function: callee = m_.constant(r.graph, e.callee->loc); break;
      case Resolved::Kind::Global: callee = m_.apply(c.g, {m_.constant(r.graph, e.callee->loc)}, e.callee->loc, n); break;
    }
  } else {
    callee = expr(*e.callee, c);
  }
  std::vector<Node*> inputs{callee};
  for (const auto& a : e.args) inputs.push_back(expr(*a, c));
  std::vector<std::string> keywords;
  std::set<std::string> seen;
  for (const auto& k : e.keywords) {
    if (!seen.insert(k.name).second) compile_error(k.loc, "keyword argument '" + k.name + "' is given twice");
    inputs.push_back(expr(*k.value, c));
    keywords.push_back(k.name);
  }
  Node* n = m_.apply(c.g, std::move(inputs), e.loc);
  n->keywords = std::move(keywords);
  return n;
}

Node* Lowerer::call_builtin(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c) {
  if (takes_argnums(b.prim)) return call_with_argnums(b, e, c);  // lower_derivatives.cpp
  if (reduction_form(b)) return call_max_min(b, e, c);
  if (!b.params.empty()) return call_with_params(b, e, c);  // lower_builtin_params.cpp
  std::string name = b.name;
  if (!e.keywords.empty())
    compile_error(e.keywords[0].loc, name + "() does not take keyword arguments");
  if (b.arity >= 0 && e.args.size() != static_cast<size_t>(b.arity))
    compile_error(e.loc, name + "() takes " + plural(b.arity, "argument") + ", found " + std::to_string(e.args.size()));
  if (b.prim == Prim::Vjp && e.args.empty())
    compile_error(e.loc, "vjp() takes the function and the arguments to differentiate it at: vjp(f, x, ...)");
  std::vector<Node*> args;
  for (const auto& a : e.args)
    args.push_back(b.prim == Prim::TreeMap && args.empty() ? tree_map_function(*a, c) : expr(*a, c));
  return m_.apply_prim(c.g, b.prim, std::move(args), e.loc);
}

// tree_map(sin, t): a builtin of fixed arity as f becomes a function of the program that applies
// it, so that the specialiser can write the tree_map out and derivatives go through it.
Node* Lowerer::tree_map_function(const ast::Expr& f, const ExprCtx& c) {
  if (f.kind != ast::ExprKind::Name) return expr(f, c);
  const std::string& n = static_cast<const ast::NameExpr&>(f).name;
  Resolved r = resolve_name(m_, scope_, n, *c.env, c.fs, c.g, f.loc);
  if (r.kind != Resolved::Kind::Builtin) return expr(f, c);
  const Builtin& b = *r.builtin;
  if (b.arity < 1 || !b.params.empty() || takes_argnums(b.prim) || reduction_form(b)) return expr(f, c);
  ir::Graph*& wrapper = prim_wrappers_[&b];
  if (!wrapper) {
    // Not a top-level name (m_.functions): only these values refer to it.
    wrapper = m_.new_graph(b.name, nullptr, f.loc, ir::GraphRole::Function);
    std::vector<Node*> params;
    for (int i = 0; i < b.arity; ++i) params.push_back(m_.add_param(wrapper, "x" + std::to_string(i), f.loc));
    wrapper->output = m_.apply_prim(wrapper, b.prim, std::move(params), f.loc);
  }
  return m_.constant(wrapper, f.loc);
}

// max(a, b) → maximum(a, b); max(x), max(x, axis=1), max(x, keepdims=True) → reduce_max.
Node* Lowerer::call_max_min(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c) {
  std::string name = b.name;
  std::string forms = name + "(a, b) of two values or " + name + "(x, axis=None, keepdims=False) of one tensor";
  if (e.args.size() == 1) return call_with_params(*reduction_form(b), e, c);
  if (e.args.size() != 2) compile_error(e.loc, name + "() takes " + forms + ", found " + plural(e.args.size(), "argument"));
  if (!e.keywords.empty())
    compile_error(e.keywords[0].loc, name + "() of two values takes no keyword arguments; the forms are " + forms);
  Node* lhs = expr(*e.args[0], c);
  Node* rhs = expr(*e.args[1], c);
  return m_.apply_prim(c.g, b.prim, {lhs, rhs}, e.loc);
}

Node* Lowerer::construct(const ast::CallExpr& e, const ExprCtx& c, const std::string& what,
                         const std::vector<ir::FieldInfo>& fields, ir::ConstValue decl, Prim prim) {
  if (e.args.size() > fields.size())
    compile_error(e.loc, what + " has " + plural(fields.size(), "field") + ", but " +
                             plural(e.args.size(), "argument") + " were given");
  // Arguments are evaluated in source order, then placed in declaration order.
  std::vector<Node*> slots(fields.size(), nullptr);
  for (size_t i = 0; i < e.args.size(); ++i) slots[i] = expr(*e.args[i], c);
  for (const auto& k : e.keywords) {
    size_t at = fields.size();
    for (size_t i = 0; i < fields.size(); ++i)
      if (fields[i].name == k.name) at = i;
    if (at == fields.size()) compile_error(k.loc, what + " has no field '" + k.name + "'");
    if (slots[at]) compile_error(k.loc, "field '" + k.name + "' of " + what + " is given twice");
    slots[at] = expr(*k.value, c);
  }
  std::string missing;
  for (size_t i = 0; i < fields.size(); ++i)
    if (!slots[i]) missing += (missing.empty() ? "'" : ", '") + fields[i].name + "'";
  if (!missing.empty()) compile_error(e.loc, what + " is missing a value for field " + missing);
  std::vector<Node*> args{m_.constant(std::move(decl), e.callee->loc)};
  args.insert(args.end(), slots.begin(), slots.end());
  return m_.apply_prim(c.g, prim, std::move(args), e.loc);
}

}  // namespace fx::lower
