// Function bodies (top-level and nested defs) and parameters.
#include <set>

#include "lower/lowerer.hpp"
#include "lower/scan.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

Env Lowerer::add_params(ir::Graph* g, const std::vector<ast::Param>& params, FunctionScope& fs) {
  Env env;
  for (const ast::Param& p : params) {
    if (p.default_value) compile_error(p.default_value->loc, "default parameter values are not supported yet");
    if (env.count(p.name)) compile_error(p.loc, "duplicate parameter '" + p.name + "'");
    ir::Node* node = m_.add_param(g, p.name, p.loc);
    g->param_types.back() = p.annotation.get();
    env[p.name] = node;
    fs.locals.insert(p.name);
  }
  return env;
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
