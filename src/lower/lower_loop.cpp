// Loops: `while` and `for i in range(...)` lower to the `while` primitive over a state
// tuple (docs/ir.md):
//
//   state = (vars assigned in the loop..., counter (for), broke (break), returned, ret (return))
//   cond(s)  = not broke and not returned and <condition>
//   body(s)  = the loop body lowered like a function body whose every path ends by
//              producing the next state: falling off / `continue` → the current values,
//              `break` → broke = True, `return v` → returned = True, ret = v.
//   after    = unpack the final state; if returned: return ret (in the enclosing
//              context, which may itself be a loop), else continue after the loop.
#include <optional>

#include "lower/lowerer.hpp"
#include "lower/scan.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

// for i in range(start, stop, step)
struct Lowerer::RangeLoop {
  std::string target;
  Node* start = nullptr;
  Node* stop = nullptr;
  Node* step = nullptr;
  int step_sign = 0;  // +1 / -1 when step is a literal, 0 when known only at run time
};

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

bool defines(const ast::Expr& target, const std::string& var) {
  if (target.kind == ast::ExprKind::Name) return static_cast<const ast::NameExpr&>(target).name == var;
  if (target.kind == ast::ExprKind::Tuple)
    for (const auto& e : static_cast<const ast::TupleExpr&>(target).elements)
      if (defines(*e, var)) return true;
  return false;
}

// Which of the variables a loop assigns must be carried in its state: those read after
// (or outside) the loop, and those an iteration may read before assigning them (it then
// sees the previous iteration's value). The others — temporaries of one iteration — are
// left out, which keeps the state small and its types simple.
class CarriedVariables {
 public:
  CarriedVariables(const ast::Block& body, const FunctionScope& fs) : body_(body), fs_(fs) {
    count_reads(body, body_reads_);
  }

  bool read_outside(const std::string& var) const {
    auto total = fs_.reads.find(var);
    auto inside = body_reads_.find(var);
    return (total == fs_.reads.end() ? 0 : total->second) > (inside == body_reads_.end() ? 0 : inside->second);
  }

  // Unless the body starts (at its top level) by assigning var from an expression that
  // does not mention it, before any other mention of var, an iteration may read the
  // previous iteration's value.
  bool read_before_assigned(const std::string& var) {
    for (size_t i = 0; i < body_.size(); ++i) {
      const ast::Stmt& s = *body_[i];
      if (s.kind == ast::StmtKind::Assign) {
        const auto& a = static_cast<const ast::AssignStmt&>(s);
        if (defines(*a.target, var)) {
          std::set<std::string> read;
          collect_names(*a.value, read);
          return read.count(var) > 0;
        }
      }
      if (s.kind == ast::StmtKind::FunctionDef && static_cast<const ast::FunctionDef&>(s).name == var) return false;
      if (mentions(i).count(var)) return true;
    }
    return true;
  }

 private:
  const std::set<std::string>& mentions(size_t i) {
    if (mentions_.size() <= i) mentions_.resize(body_.size());
    if (!mentions_[i]) {
      mentions_[i].emplace();
      collect_stmt_names(*body_[i], *mentions_[i]);
    }
    return *mentions_[i];
  }

  const ast::Block& body_;
  const FunctionScope& fs_;
  std::map<std::string, int> body_reads_;
  std::vector<std::optional<std::set<std::string>>> mentions_;
};

}  // namespace

Ends Lowerer::while_stmt(const ast::WhileStmt& s, Cursor cur, FunctionScope& fs) {
  return loop(s.loc, s.cond.get(), nullptr, s.body, std::move(cur), fs);
}

Ends Lowerer::for_stmt(const ast::ForStmt& s, Cursor cur, FunctionScope& fs) {
  const ast::Expr& iter = *s.iter;
  const ast::CallExpr* call = nullptr;
  if (iter.kind == ast::ExprKind::Call) {
    const auto& c = static_cast<const ast::CallExpr&>(iter);
    if (c.callee->kind == ast::ExprKind::Name && static_cast<const ast::NameExpr&>(*c.callee).name == "range")
      call = &c;
  }
  if (!call)
    compile_error(iter.loc, "a for loop can only iterate over range(...) here "
                            "(iterating over tensors is not supported yet)");
  if (!call->keywords.empty()) compile_error(call->keywords[0].loc, "range() does not take keyword arguments");
  if (call->args.empty() || call->args.size() > 3)
    compile_error(call->loc, "range() takes 1 to 3 arguments, found " + std::to_string(call->args.size()));
  if (s.target->kind != ast::ExprKind::Name)
    compile_error(s.target->loc, "the target of a for loop over range(...) must be a single name");

  RangeLoop r;
  r.target = static_cast<const ast::NameExpr&>(*s.target).name;
  ExprCtx c = at(cur, fs);
  std::vector<Node*> args;
  for (const auto& a : call->args) args.push_back(expr(*a, c));
  r.start = args.size() >= 2 ? args[0] : m_.int_const(0);
  r.stop = args.size() >= 2 ? args[1] : args[0];
  r.step = args.size() == 3 ? args[2] : m_.int_const(1);
  r.step_sign = args.size() == 3 ? literal_sign(*call->args[2]) : 1;
  if (r.step_sign == 0) {
    SourceLoc step_loc = call->args[2]->loc;
    Node* nonzero = m_.apply_prim(cur.g, Prim::Ne, {r.step, m_.int_const(0)}, step_loc);
    m_.apply_prim(cur.g, Prim::Assert, {nonzero, m_.constant(std::string("range() step must not be zero"), step_loc)},
                  step_loc);
  }
  return loop(s.loc, nullptr, &r, s.body, std::move(cur), fs);
}

Ends Lowerer::loop(SourceLoc loc, const ast::Expr* cond, const RangeLoop* range, const ast::Block& body,
                   Cursor cur, FunctionScope& fs) {
  const char* kind = range ? "for" : "while";
  LoopFrame f;
  f.outer = fs.loop;
  f.is_for = range != nullptr;
  f.has_break = contains_break(body);
  f.has_return = contains_return(body);

  // The loop-carried variables and their values on entry.
  std::vector<Node*> init;
  auto carry = [&](const std::string& var, Node* value) {
    for (const std::string& v : f.vars)
      if (v == var) return;
    f.vars.push_back(var);
    init.push_back(value);
  };
  auto entry_value = [&](const std::string& var) -> Node* {
    auto it = cur.env.find(var);
    return it == cur.env.end() ? undef() : it->second;
  };
  CarriedVariables needed(body, fs);
  if (range && needed.read_outside(range->target)) carry(range->target, entry_value(range->target));
  for (const AssignedName& a : collect_loop_assigned(body, m_)) {
    if (range && a.name == range->target) continue;  // bound from the counter each iteration
    if (!needed.read_outside(a.name) && !needed.read_before_assigned(a.name)) continue;
    if (!a.only_field_updates || cur.env.count(a.name)) {
      carry(a.name, entry_value(a.name));
      continue;
    }
    // `p.f = v` in the loop on a `p` of an enclosing function or the top level: carry a
    // local copy. If `p` is unknown, the update itself reports it.
    try {
      carry(a.name, name(a.name, loc, at(cur, fs)));
    } catch (const CompileError&) {
    }
  }
  if (range) init.push_back(range->start);
  if (f.has_break) init.push_back(m_.constant(false, loc));
  if (f.has_return) {
    init.push_back(m_.constant(false, loc));
    init.push_back(undef());
  }
  Node* init_state = m_.apply_prim(cur.g, Prim::MakeTuple, std::move(init), loc, "init");

  // Condition graph.
  ir::Graph* cond_g = m_.new_graph(std::string(kind) + "_cond", cur.g, loc, ir::GraphRole::LoopCond);
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

  // Body graph.
  ir::Graph* body_g = m_.new_graph(std::string(kind) + "_body", cur.g, loc, ir::GraphRole::LoopBody);
  Node* body_state = m_.add_param(body_g, "state", loc);
  Cursor inside{body_g, cur.env};
  for (size_t i = 0; i < f.vars.size(); ++i)
    inside.env[f.vars[i]] = tuple_get(body_g, body_state, i, loc, f.vars[i]);
  if (range) {
    Node* counter = tuple_get(body_g, body_state, f.counter_slot(), loc, range->target);
    inside.env[range->target] = counter;
    f.next_counter = m_.apply_prim(body_g, Prim::Add, {counter, range->step}, loc, "next");
  }
  if (f.has_return) f.incoming_ret = tuple_get(body_g, body_state, f.ret_slot(), loc, "ret");
  fs.loop = &f;
  Ends ends = block(body, std::move(inside), fs);
  for (Cursor& end : ends) terminate_fallthrough(end, fs, loc);
  fs.loop = f.outer;

  Node* result = m_.apply_prim(cur.g, Prim::While, {m_.constant(cond_g, loc), m_.constant(body_g, loc), init_state},
                               loc, "loop");
  for (size_t i = 0; i < f.vars.size(); ++i) cur.env[f.vars[i]] = tuple_get(cur.g, result, i, loc, f.vars[i]);
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

// The loop condition proper, in graph g (the flags have been tested already).
Node* Lowerer::loop_test(const ast::Expr* cond, const RangeLoop* range, const LoopFrame& f, ir::Graph* g,
                         Node* state, const Env& outer_env, FunctionScope& fs, SourceLoc loc) {
  if (range) {
    Node* counter = tuple_get(g, state, f.counter_slot(), loc, range->target);
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
  for (size_t i = 0; i < f.vars.size(); ++i)
    if (mentioned.count(f.vars[i])) env[f.vars[i]] = tuple_get(g, state, i, loc, f.vars[i]);
  return expr(*cond, ExprCtx{g, &env, &fs});
}

Node* Lowerer::loop_state(const Cursor& c, const LoopFrame& f, Exit exit, Node* ret, SourceLoc loc) {
  std::vector<Node*> items;
  for (const std::string& v : f.vars) {
    auto it = c.env.find(v);
    items.push_back(it == c.env.end() ? undef() : it->second);
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
