// The derivative operators in the front end (LANGUAGE.md §6):
//  * grad, value_and_grad, jacfwd, jacrev, hessian take `argnums` (default 0) positionally
//    or by keyword; it decides the type of the result, so it is resolved here into the
//    primitive's constant argument: an i64 constant or a make_tuple of them.
//  * Those five used as values (`apply(grad, f)`) are a one-parameter function f ↦ op(f, 0);
//    the other operators are their primitive.
//  * @custom_vjp(fwd, bwd) / @custom_jvp(rule) on a def bind its name to
//    custom_vjp(f_raw, fwd, bwd) / custom_jvp(f_raw, rule), f_raw being the undecorated
//    function. The name means the decorated function everywhere, its own body included
//    (recursion goes through the rules): a top-level one is a constant (a nullary Init
//    graph, evaluated at each use); a nested one is rebuilt at the start of its own body
//    from the same rule values when the body mentions it.
#include "lower/lowerer.hpp"
#include "lower/scan.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

namespace {

const char* const kArgnumsExpected =
    "argnums must be a constant integer or a tuple of constant integers, e.g. argnums=1 or argnums=(0, 2)";


std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

}  // namespace

Node* Lowerer::argnums_node(const ast::Expr& e, ir::Graph* g) {
  int64_t k = 0;
  if (int_literal(e, &k)) return m_.constant(k, e.loc);
  if (e.kind == ast::ExprKind::Tuple) {
    const auto& items = static_cast<const ast::TupleExpr&>(e).elements;
    if (items.empty()) compile_error(e.loc, "argnums must not be an empty tuple: name at least one argument");
    std::vector<Node*> nums;
    for (const auto& item : items) {
      if (!int_literal(*item, &k)) compile_error(item->loc, kArgnumsExpected);
      nums.push_back(m_.constant(k, item->loc));
    }
    return m_.apply_prim(g, Prim::MakeTuple, std::move(nums), e.loc);
  }
  compile_error(e.loc, kArgnumsExpected);
}

// op(f), op(f, k), op(f, argnums=k).
Node* Lowerer::call_with_argnums(const Builtin& b, const ast::CallExpr& e, const ExprCtx& c) {
  std::string name = b.name;
  const ast::Expr* argnums = e.args.size() > 1 ? e.args[1].get() : nullptr;
  for (const auto& k : e.keywords) {
    if (k.name != "argnums")
      compile_error(k.loc, name + "() has no keyword argument '" + k.name + "'; its only keyword is argnums");
    if (argnums) compile_error(k.loc, name + "() got argnums twice");
    argnums = k.value.get();
  }
  if (e.args.empty() || e.args.size() > 2)
    compile_error(e.loc, name + "() takes the function to differentiate and optionally argnums, found " +
                             plural(e.args.size(), "argument"));
  Node* f = expr(*e.args[0], c);
  Node* nums = argnums ? argnums_node(*argnums, c.g) : m_.constant(int64_t{0}, e.loc);
  return m_.apply_prim(c.g, b.prim, {f, nums}, e.loc);
}

Node* Lowerer::builtin_value(const Builtin& b, SourceLoc loc) {
  if (!b.params.empty()) return params_builtin_value(b, loc);  // lower_builtin_params.cpp
  if (!takes_argnums(b.prim)) return m_.constant(b.prim, loc);
  ir::Graph*& wrapper = argnums_wrappers_[b.prim];
  if (!wrapper) {
    // Not a top-level name (m_.functions): only this value refers to it.
    wrapper = m_.new_graph(b.name, nullptr, loc, ir::GraphRole::Function);
    Node* f = m_.add_param(wrapper, "f", loc);
    wrapper->output = m_.apply_prim(wrapper, b.prim, {f, m_.constant(int64_t{0}, loc)}, loc);
  }
  return m_.constant(wrapper, loc);
}

// ------------------------------------------------------------------ decorators
std::vector<Lowerer::Decoration> Lowerer::decorations(const ast::FunctionDef& d, const ExprCtx& c) {
  std::vector<Decoration> out;
  for (const auto& dp : d.decorators) {  // evaluated top to bottom, as Python does
    const ast::Expr& dec = *dp;
    const ast::Expr& head = dec.kind == ast::ExprKind::Call ? *static_cast<const ast::CallExpr&>(dec).callee : dec;
    std::string name = head.kind == ast::ExprKind::Name ? static_cast<const ast::NameExpr&>(head).name : "";
    Decoration r;
    size_t rules = 0;
    if (name == "custom_vjp") {
      r.prim = Prim::CustomVjp;
      rules = 2;
    } else if (name == "custom_jvp") {
      r.prim = Prim::CustomJvp;
      rules = 1;
    } else {
      compile_error(decorator_loc(dec), "unknown decorator" + (name.empty() ? std::string() : " '@" + name + "'") +
                                            ": the decorators are @custom_vjp(fwd, bwd) and @custom_jvp(rule)");
    }
    std::string form = name + (rules == 2 ? "(fwd, bwd)" : "(rule)");
    if (dec.kind != ast::ExprKind::Call)
      compile_error(decorator_loc(dec), "@" + name + " needs its rules: @" + form);
    const auto& call = static_cast<const ast::CallExpr&>(dec);
    if (!call.keywords.empty())
      compile_error(call.keywords[0].loc, "@" + name + " takes its rules by position: @" + form);
    if (call.args.size() != rules)
      compile_error(dec.loc, "@" + name + " takes " + plural(rules, "function") + ", found " +
                                 std::to_string(call.args.size()) + ": @" + form);
    r.loc = dec.loc;
    for (const auto& a : call.args) r.rules.push_back(expr(*a, c));
    out.push_back(std::move(r));
  }
  return out;
}

Node* Lowerer::decorate(ir::Graph* g, Node* fn, const std::vector<Decoration>& ds) {
  for (auto it = ds.rbegin(); it != ds.rend(); ++it) {  // the decorator nearest the def applies first
    std::vector<Node*> args{fn};
    args.insert(args.end(), it->rules.begin(), it->rules.end());
    fn = m_.apply_prim(g, it->prim, std::move(args), it->loc);
  }
  return fn;
}

ir::Graph* Lowerer::declare_decorated(const ast::FunctionDef& d) {
  ir::Graph* raw = m_.new_graph(d.name, nullptr, d.loc, ir::GraphRole::Function);
  ir::Graph* init = m_.new_graph(d.name, nullptr, d.loc, ir::GraphRole::Init);
  m_.functions[d.name] = init;
  m_.function_order.push_back(raw);  // checked on its own when its parameters are annotated
  m_.function_order.push_back(init);
  return raw;
}

void Lowerer::lower_decorated_value(const ast::FunctionDef& d, ir::Graph* raw) {
  ir::Graph* init = m_.functions.at(d.name);
  FunctionScope fs;
  Env env;
  ExprCtx c{init, &env, &fs};
  init->output = decorate(init, m_.constant(raw, d.loc), decorations(d, c));
  if (init->output->name.empty()) init->output->name = d.name;
}

Ends Lowerer::nested_decorated_def(const ast::FunctionDef& d, HoistedDef& h, Cursor cur, FunctionScope& fs) {
  if (!h.early_uses.empty())
    compile_error(h.early_uses.front().second, "the decorated function '" + d.name +
                                                   "' is used before its def is reached; move its def above this use");
  std::vector<Decoration> ds = decorations(d, at(cur, fs));
  std::map<std::string, int> reads;
  count_reads(d.body, reads);
  bool shadowed = false;
  for (const ast::Param& p : d.params) shadowed = shadowed || p.name == d.name;
  auto self = [&](Cursor& body) {
    if (reads.count(d.name) && !shadowed) assign_var(body.env, d.name, decorate(body.g, h.value, ds));
  };
  lower_function(h.graph, d.params, d.body, d.return_annotation.get(), &fs, &cur.env, self);
  bind(cur, d.name, decorate(cur.g, h.value, ds));
  Ends ends;
  ends.push_back(std::move(cur));
  return ends;
}

}  // namespace fx::lower
