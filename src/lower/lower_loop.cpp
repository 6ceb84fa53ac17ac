// Loops: `while`, `for i in range(...)` and `for row in t` lower to the `while` primitive over a state
// tuple (docs/ir.md):
//
//   state = (vars assigned in the loop..., counter (for), broke (break), returned, ret (return))
//   cond(s)  = not broke and not returned and <condition>
//   body(s)  = the loop body lowered like a function body whose every path ends by
//              producing the next state: falling off / `continue` → the current values,
//              `break` → broke = True, `return v` → returned = True, ret = v.
//   after    = unpack the final state; if returned: return ret (in the enclosing
//              context, which may itself be a loop), else continue after the loop.
// `for row in t` is `for _i in range(len(t)): row = index(t, "i", _i)`, t evaluated once.
// A `for` without break or return is a counted loop: while(cond, body, init, trips), its trip
// count computed before it (ops.def; reverse mode lays its tape out for it, docs/ad.md §4).
#include "lower/loop_carry.hpp"
#include "lower/lowerer.hpp"
#include "lower/scan.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

namespace {

// The sign of a literal step (`2`, `-1`), or 0.
int literal_sign(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Int) {
    int64_t v = static_cast<const ast::IntExpr&>(e).value;
    return v > 0 ? 1 : v < 0 ? -1 : 0;
  }
  if (e.kind == ast::ExprKind::Unary) {
    const auto& u = static_cast<const ast::UnaryExpr&>(e);
    if (u.op == ast::UnaryOp::Neg && u.operand->kind == ast::ExprKind::Int)
      return -literal_sign(*u.operand);
    if (u.op == ast::UnaryOp::Pos) return literal_sign(*u.operand);
  }
  return 0;
}

}  // namespace

Ends Lowerer::while_stmt(const ast::WhileStmt& s, Cursor cur, FunctionScope& fs) {
  return loop(s.loc, s.cond.get(), nullptr, s.body, std::move(cur), fs);
}

Ends Lowerer::for_stmt(const ast::ForStmt& s, Cursor cur, FunctionScope& fs) {
  RangeLoop r = iteration(*s.iter, at(cur, fs));
  if (s.target->kind != ast::ExprKind::Name)
    compile_error(s.target->loc, r.rows ? "the target of a for loop over a tensor must be a single name"
                                        : "the target of a for loop over range(...) must be a single name");
  r.target = static_cast<const ast::NameExpr&>(*s.target).name;
  return loop(s.loc, nullptr, &r, s.body, std::move(cur), fs);
}

// `range(...)` is recognised by name: it is a form of the loop, not a function call.
Lowerer::RangeLoop Lowerer::iteration(const ast::Expr& iter, const ExprCtx& c) {
  if (iter.kind == ast::ExprKind::Call) {
    const auto& call = static_cast<const ast::CallExpr&>(iter);
    if (call.callee->kind == ast::ExprKind::Name && static_cast<const ast::NameExpr&>(*call.callee).name == "range")
      return range_iteration(call, c);
  }
  // `for row in t`: an index loop over range(len(t)), t evaluated once.
  RangeLoop r;
  r.rows = expr(iter, c);
  r.start = m_.int_const(0);
  r.stop = m_.apply_prim(c.g, Prim::Len, {r.rows}, iter.loc, "n");
  r.step = m_.int_const(1);
  r.step_sign = 1;
  return r;
}

Lowerer::RangeLoop Lowerer::range_iteration(const ast::CallExpr& call, const ExprCtx& c) {
  if (!call.keywords.empty()) compile_error(call.keywords[0].loc, "range() does not take keyword arguments");
  if (call.args.empty() || call.args.size() > 3)
    compile_error(call.loc, "range() takes 1 to 3 arguments, found " + std::to_string(call.args.size()));
  RangeLoop r;
  // range() takes integers: each argument goes through an identity function whose
  // parameter is annotated i64, so that type inference reports a float at the argument.
  static const char* const kRoles[3][3] = {{"stop"}, {"start", "stop"}, {"start", "stop", "step"}};
  std::vector<Node*> args;
  for (size_t i = 0; i < call.args.size(); ++i)
    args.push_back(require_i64(expr(*call.args[i], c), kRoles[call.args.size() - 1][i], c.g, call.args[i]->loc));
  r.start = args.size() >= 2 ? args[0] : m_.int_const(0);
  r.stop = args.size() >= 2 ? args[1] : args[0];
  r.step = args.size() == 3 ? args[2] : m_.int_const(1);
  r.step_sign = args.size() == 3 ? literal_sign(*call.args[2]) : 1;
  if (r.step_sign == 0) {
    SourceLoc step_loc = call.args[2]->loc;
    Node* nonzero = m_.apply_prim(c.g, Prim::Ne, {r.step, m_.int_const(0)}, step_loc);
    m_.apply_prim(c.g, Prim::Assert, {nonzero, m_.constant(std::string("range() step must not be zero"), step_loc)},
                  step_loc);
  }
  return r;
}

// How many times `for _ in range(start, stop, step)` runs: ceil((stop - start) / step), at
// least 0, as Python's len(range(...)). Computed after the check that step is not zero.
// ceil(a / s) is -((-a) // s) with floor division, for either sign of s.
Node* Lowerer::trip_count(const RangeLoop& r, ir::Graph* g, SourceLoc loc) {
  if (r.step->is_constant() && std::holds_alternative<int64_t>(r.step->value) && r.step->as_int() == 1) {
    Node* span = m_.apply_prim(g, Prim::Sub, {r.stop, r.start}, loc);
    return m_.apply_prim(g, Prim::Maximum, {span, m_.int_const(0)}, loc, "trips");
  }
  Node* back = m_.apply_prim(g, Prim::Sub, {r.start, r.stop}, loc);
  Node* floor = m_.apply_prim(g, Prim::FloorDiv, {back, r.step}, loc);
  Node* ceil = m_.apply_prim(g, Prim::Neg, {floor}, loc);
  return m_.apply_prim(g, Prim::Maximum, {ceil, m_.int_const(0)}, loc, "trips");
}

Node* Lowerer::iteration_value(const RangeLoop& r, ir::Graph* g, Node* counter, SourceLoc loc) {
  if (!r.rows) return counter;
  return index_read(g, r.rows, IndexSpec{"i", {counter}}, loc, r.target);
}

Node* Lowerer::require_i64(Node* value, const char* role, ir::Graph* g, SourceLoc loc) {
  if (!i64_type_) {
    // The IR points at annotations owned by an AST; these few are owned by a small
    // synthetic one kept with the module.
    auto holder = std::make_unique<ast::Module>();
    auto stmt = std::make_unique<ast::AssignStmt>(loc);
    stmt->annotation = std::make_unique<ast::TypeExpr>();
    stmt->annotation->name = "i64";
    stmt->annotation->loc = loc;
    i64_type_ = stmt->annotation.get();
    holder->body.push_back(std::move(stmt));
    m_.syntax.push_back(std::move(holder));
  }
  ir::Graph* check = m_.new_graph("range()", nullptr, loc, ir::GraphRole::Function);
  Node* p = m_.add_param(check, role, loc);
  check->param_types.back() = i64_type_;
  check->output = p;
  return m_.apply(g, {m_.constant(check, loc), value}, loc, role);
}

Ends Lowerer::loop(SourceLoc loc, const ast::Expr* cond, const RangeLoop* range, const ast::Block& body,
                   Cursor cur, FunctionScope& fs) {
  const char* kind = range ? "for" : "while";
  LoopFrame f;
  f.outer = fs.loop;
  f.is_for = range != nullptr;
  f.has_break = contains_break(body);
  f.has_return = contains_return(body);
  bool endless = cond && !f.has_break && cond->kind == ast::ExprKind::Bool &&
                 static_cast<const ast::BoolExpr*>(cond)->value;

  Node* init_state = loop_init(f, body, range, cur, fs, loc);
  ir::Graph* cond_g = loop_cond(cond, range, f, cur, fs, loc);

  // Body graph.
  ir::Graph* body_g = m_.new_graph(std::string(kind) + "_body", cur.g, loc, ir::GraphRole::LoopBody);
  Node* body_state = m_.add_param(body_g, "state", loc);
  Cursor inside{body_g, cur.env};
  unpack_state(body_g, body_state, f, nullptr, loc, inside.env);
  if (range) {
    Node* counter = tuple_get(body_g, body_state, f.counter_slot(), loc, range->rows ? "_i" : range->target);
    assign_var(inside.env, range->target, iteration_value(*range, body_g, counter, loc));
    f.next_counter = m_.apply_prim(body_g, Prim::Add, {counter, range->step}, loc, "next");
  }
  if (f.has_return) f.incoming_ret = tuple_get(body_g, body_state, f.ret_slot(), loc, "ret");
  fs.loop = &f;
  Ends ends = block(body, std::move(inside), fs);
  for (Cursor& end : ends) terminate_fallthrough(end, fs, loc);
  fs.loop = f.outer;

  std::vector<Node*> operands{m_.constant(cond_g, loc), m_.constant(body_g, loc), init_state};
  // A `for` that neither breaks nor returns runs a number of times known at entry: a counted
  // loop (ops.def), whose tape reverse mode lays out once (docs/ad.md §4).
  if (range && !f.has_break && !f.has_return) operands.push_back(trip_count(*range, cur.g, loc));
  Node* result = m_.apply_prim(cur.g, Prim::While, std::move(operands), loc, "loop");
  unpack_state(cur.g, result, f, nullptr, loc, cur.env);
  if (endless) {
    // `while True:` without break ends only by returning: what follows is unreachable
    // (so a function ending with such a loop never falls off its end and returns None).
    if (f.has_return) terminate_return(cur, tuple_get(cur.g, result, f.ret_slot(), loc, "ret"), fs, loc);
    else
      cur.g->output = m_.apply_prim(cur.g, Prim::Fail, {m_.constant(std::string("an endless loop ended"), loc)}, loc);
    return {};
  }
  if (!f.has_return) {
    Ends out;
    out.push_back(std::move(cur));
    return out;
  }
  // if returned: return ret (from the enclosing function or loop) else: the rest.
  Node* returned = tuple_get(cur.g, result, f.returned_slot(), loc, "returned");
  ir::Graph* ret_g = branch(cur.g, "loop_returned", loc);
  ir::Graph* after_g = branch(cur.g, "after_loop", loc);
  cur.g->output = if_node(cur.g, returned, ret_g, after_g, loc);
  Cursor ret_c{ret_g, cur.env};
  terminate_return(ret_c, tuple_get(ret_g, result, f.ret_slot(), loc, "ret"), fs, loc);
  Ends out;
  out.push_back(Cursor{after_g, std::move(cur.env)});
  return out;
}

// Chooses the loop-carried variables (LoopCarry) and builds the initial state.
Node* Lowerer::loop_init(LoopFrame& f, const ast::Block& body, const RangeLoop* range, Cursor& cur,
                         FunctionScope& fs, SourceLoc loc) {
  // The loop-carried variables, their values on entry, and the definedness flags of
  // those that may be unassigned on entry.
  std::vector<Node*> init, init_flags;
  auto carry = [&](const std::string& var, Node* value, Node* flag) {
    for (const std::string& v : f.vars)
      if (v == var) return;
    f.vars.push_back(var);
    init.push_back(value);
    if (flag) {
      f.flagged.push_back(var);
      init_flags.push_back(flag);
    }
  };
  auto carry_local = [&](const std::string& var) {
    auto it = cur.env.find(var);
    if (it == cur.env.end()) carry(var, undef(), m_.constant(false, loc));
    else carry(var, it->second, find_flag(cur.env, var));
  };
  LoopCarry needed(body, fs.reads);
  if (range && needed.read_outside(range->target)) carry_local(range->target);
  for (const AssignedName& a : collect_loop_assigned(body, m_)) {
    if (range && a.name == range->target) continue;  // bound from the counter each iteration
    if (!needed.needed(a.name)) continue;
    if (!a.only_field_updates || cur.env.count(a.name)) {
      carry_local(a.name);
      continue;
    }
    // `p.f = v` in the loop on a `p` of an enclosing function or the top level: carry a
    // local copy. If `p` is unknown, the update itself reports it.
    try {
      carry(a.name, name(a.name, loc, at(cur, fs)), nullptr);
    } catch (const CompileError&) {
    }
  }
  init.insert(init.end(), init_flags.begin(), init_flags.end());
  if (range) init.push_back(range->start);
  if (f.has_break) init.push_back(m_.constant(false, loc));
  if (f.has_return) {
    init.push_back(m_.constant(false, loc));
    init.push_back(undef());
  }
  return m_.apply_prim(cur.g, Prim::MakeTuple, std::move(init), loc, "init");
}

// The condition graph: not broke and not returned and <condition>.
ir::Graph* Lowerer::loop_cond(const ast::Expr* cond, const RangeLoop* range, const LoopFrame& f, const Cursor& cur,
                              FunctionScope& fs, SourceLoc loc) {
  const char* kind = range ? "for" : "while";
  ir::Graph* cond_g = m_.new_graph(std::string(kind) + "_cond", cur.g, cond ? cond->loc : loc, ir::GraphRole::LoopCond);
  Node* cond_state = m_.add_param(cond_g, "state", loc);
  {
    std::vector<size_t> flags;
    if (f.has_break) flags.push_back(f.broke_slot());
    if (f.has_return) flags.push_back(f.returned_slot());
    ir::Graph* g = cond_g;
    for (size_t slot : flags) {
      // not flag and ...: the rest is evaluated only while no flag is set.
      Node* flag = tuple_get(g, cond_state, slot, loc, slot == f.broke_slot() && f.has_break ? "broke" : "returned");
      Node* running = m_.apply_prim(g, Prim::Not, {flag}, loc);
      ir::Graph* then_g = branch(g, "if_true", loc);
      ir::Graph* else_g = branch(g, "if_false", loc);
      else_g->output = m_.constant(false, loc);
      g->output = if_node(g, running, then_g, else_g, loc);
      g = then_g;
    }
    g->output = loop_test(cond, range, f, g, cond_state, cur.env, fs, loc);
  }

  return cond_g;
}

// The loop condition proper, in graph g (the flags have been tested already).
Node* Lowerer::loop_test(const ast::Expr* cond, const RangeLoop* range, const LoopFrame& f, ir::Graph* g,
                         Node* state, const Env& outer_env, FunctionScope& fs, SourceLoc loc) {
  if (range) {
    Node* counter = tuple_get(g, state, f.counter_slot(), loc, range->rows ? "_i" : range->target);
    if (range->step_sign != 0)
      return m_.apply_prim(g, range->step_sign > 0 ? Prim::Lt : Prim::Gt, {counter, range->stop}, loc);
    // Step known at run time (and checked non-zero): count up or down by its sign.
    Node* up = m_.apply_prim(g, Prim::Gt, {range->step, m_.int_const(0)}, loc);
    ir::Graph* up_g = branch(g, "if_true", loc);
    ir::Graph* down_g = branch(g, "if_false", loc);
    up_g->output = m_.apply_prim(up_g, Prim::Lt, {counter, range->stop}, loc);
    down_g->output = m_.apply_prim(down_g, Prim::Gt, {counter, range->stop}, loc);
    return if_node(g, up, up_g, down_g, loc);
  }
  // Unpack only the carried variables the condition mentions.
  std::set<std::string> mentioned;
  collect_names(*cond, mentioned);
  Env env = outer_env;
  unpack_state(g, state, f, &mentioned, loc, env);
  return expr(*cond, ExprCtx{g, &env, &fs});
}

// Binds the carried variables (only those in `only`, if given) and their flags to the
// elements of `state` in env.
void Lowerer::unpack_state(ir::Graph* g, Node* state, const LoopFrame& f, const std::set<std::string>* only,
                           SourceLoc loc, Env& env) {
  for (size_t i = 0; i < f.vars.size(); ++i)
    if (!only || only->count(f.vars[i])) assign_var(env, f.vars[i], tuple_get(g, state, i, loc, f.vars[i]));
  for (size_t i = 0; i < f.flagged.size(); ++i)
    if (!only || only->count(f.flagged[i]))
      env[flag_key(f.flagged[i])] = tuple_get(g, state, f.flag_slot(i), loc, flag_key(f.flagged[i]));
}

Node* Lowerer::loop_state(const Cursor& c, const LoopFrame& f, Exit exit, Node* ret, SourceLoc loc) {
  std::vector<Node*> items;
  for (const std::string& v : f.vars) {
    auto it = c.env.find(v);
    items.push_back(it == c.env.end() ? undef() : it->second);
  }
  for (const std::string& v : f.flagged) {
    Node* flag = find_flag(c.env, v);
    items.push_back(flag ? flag : m_.constant(c.env.count(v) > 0, loc));
  }
  if (f.is_for) items.push_back(f.next_counter);
  if (f.has_break) items.push_back(m_.constant(exit == Exit::Break, loc));
  if (f.has_return) {
    items.push_back(m_.constant(exit == Exit::Return, loc));
    items.push_back(exit == Exit::Return ? ret : f.incoming_ret);
  }
  return m_.apply_prim(c.g, Prim::MakeTuple, std::move(items), loc, "state");
}

}  // namespace fx::lower
