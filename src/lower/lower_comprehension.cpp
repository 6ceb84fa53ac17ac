// Comprehensions build tensors (docs/tensors.md "Lowering"):
//
//   [e for i in range(...) if c]   →   acc = rows_empty()
//                                      for i in range(...):
//                                          if c: acc = rows_append(acc, e)
//
// as a `while` over the state (acc, counter), with the iteration, condition and counter of
// the for loop (lower_loop.cpp). `[e for row in t]` iterates over t's leading axis like
// `for row in t`. The body is an expression, so nothing but the accumulator is carried,
// and the target is bound only inside the comprehension (it does not leak, as in Python 3).
#include "lower/lowerer.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

Node* Lowerer::comprehension(const ast::ListCompExpr& e, const ExprCtx& c) {
  RangeLoop r = iteration(*e.iter, c);
  r.target = e.target;
  SourceLoc loc = e.loc;

  // State layout (acc, counter): the accumulator is the frame's only carried variable, so
  // the counter is at slot 1 for loop_cond.
  LoopFrame f;
  f.vars = {"[acc]"};  // not an identifier: never a user's variable
  f.is_for = true;
  FunctionScope none;
  FunctionScope& fs = c.fs ? *c.fs : none;
  ir::Graph* cond_g = loop_cond(nullptr, &r, f, Cursor{c.g, *c.env}, fs, loc);
  cond_g->name = "comprehension_cond";

  ir::Graph* body_g = m_.new_graph("comprehension_body", c.g, loc, ir::GraphRole::LoopBody);
  Node* state = m_.add_param(body_g, "state", loc);
  Node* acc = tuple_get(body_g, state, 0, loc, "acc");
  Node* counter = tuple_get(body_g, state, f.counter_slot(), loc, r.rows ? "_i" : r.target);
  Env env = *c.env;
  assign_var(env, r.target, iteration_value(r, body_g, counter, e.target_loc));
  ExprCtx inside{body_g, &env, c.fs};
  Node* next_acc = nullptr;
  if (e.cond) {
    Node* keep = expr(*e.cond, inside);
    ir::Graph* then_g = branch(body_g, "if_true", e.cond->loc);
    ir::Graph* else_g = branch(body_g, "if_false", e.cond->loc);
    then_g->output = m_.apply_prim(then_g, Prim::RowsAppend, {acc, expr(*e.element, in(inside, then_g))},
                                   e.element->loc, "acc");
    else_g->output = acc;
    next_acc = if_node(body_g, keep, then_g, else_g, e.cond->loc, "acc");
  } else {
    next_acc = m_.apply_prim(body_g, Prim::RowsAppend, {acc, expr(*e.element, inside)}, e.element->loc, "acc");
  }
  Node* next = m_.apply_prim(body_g, Prim::Add, {counter, r.step}, loc, "next");
  body_g->output = m_.apply_prim(body_g, Prim::MakeTuple, {next_acc, next}, loc, "state");

  Node* empty = m_.apply_prim(c.g, Prim::RowsEmpty, {}, loc);
  Node* init = m_.apply_prim(c.g, Prim::MakeTuple, {empty, r.start}, loc, "init");
  Node* trips = trip_count(r, c.g, loc);  // a counted loop (ops.def): no break or return here
  Node* result =
      m_.apply_prim(c.g, Prim::While, {m_.constant(cond_g, loc), m_.constant(body_g, loc), init, trips}, loc, "loop");
  return tuple_get(c.g, result, 0, loc);
}

}  // namespace fx::lower
