// The IR core: builder, printer and verifier on hand-built graphs.
#include <gtest/gtest.h>

#include "ir/after_fail.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

using namespace fx;
using namespace fx::ir;

namespace {

// def f(x): return x * 2.0 + x
Graph* build_f(Module& m) {
  Graph* f = m.new_graph("f", nullptr, {}, GraphRole::Function);
  Node* x = m.add_param(f, "x", {});
  Node* t = m.apply_prim(f, Prim::Mul, {x, m.constant(2.0)}, {}, "t");
  f->output = m.apply_prim(f, Prim::Add, {t, x}, {});
  m.functions["f"] = f;
  return f;
}

}  // namespace

TEST(Ir, PrimTableIsConsistent) {
  EXPECT_STREQ(prim_name(Prim::Add), "add");
  EXPECT_EQ(prim_info(Prim::If).arity, 3);
  EXPECT_EQ(prim_info(Prim::While).arity, -1);  // 3, or 4 for a counted loop: the verifier checks
  EXPECT_EQ(prim_info(Prim::Print).arity, -1);
  EXPECT_EQ(prim_info(Prim::Print).flag, PrimFlag::EFFECT);
  EXPECT_GT(kPrimCount, 40);
}

TEST(Ir, PrintsReadableGraph) {
  Module m;
  Graph* f = build_f(m);
  m.renumber();
  std::string text = print_graph(*f);
  EXPECT_NE(text.find("graph @f."), std::string::npos) << text;
  EXPECT_NE(text.find("%t."), std::string::npos) << text;
  EXPECT_NE(text.find("= mul(%x."), std::string::npos) << text;
  EXPECT_NE(text.find("2.0)"), std::string::npos) << text;
  EXPECT_NE(text.find("return %"), std::string::npos) << text;
}

TEST(Ir, VerifierAcceptsClosures) {
  Module m;
  Graph* outer = m.new_graph("outer", nullptr, {}, GraphRole::Function);
  Node* k = m.add_param(outer, "k", {});
  Graph* inner = m.new_graph("inner", outer, {}, GraphRole::Lambda);
  Node* x = m.add_param(inner, "x", {});
  inner->output = m.apply_prim(inner, Prim::Mul, {k, x}, {});  // k is a free variable
  outer->output = m.constant(inner);
  m.functions["outer"] = outer;
  m.renumber();
  EXPECT_NO_THROW(verify(m, "test"));
  std::string text = print_graph_tree(m, *outer);
  EXPECT_NE(text.find("graph @inner."), std::string::npos) << text;
}

// while takes (cond, body, init) or, counted, (cond, body, init, trips); list_empty () or (n).
TEST(Ir, VerifierChecksTheOptionalOperands) {
  for (size_t extra : {0, 1, 2}) {
    Module m;
    Graph* f = m.new_graph("f", nullptr, {}, GraphRole::Function);
    Node* n = m.add_param(f, "n", {});
    Graph* cond = m.new_graph("cond", f, {}, GraphRole::LoopCond);
    m.add_param(cond, "s", {});
    cond->output = m.constant(false);
    Graph* body = m.new_graph("body", f, {}, GraphRole::LoopBody);
    body->output = m.add_param(body, "s", {});
    std::vector<Node*> operands{m.constant(cond), m.constant(body), n};
    for (size_t i = 0; i < extra; ++i) operands.push_back(n);
    Node* tape = m.apply_prim(f, Prim::ListEmpty, std::vector<Node*>(extra, n), {});
    f->output = m.apply_prim(f, Prim::MakeTuple, {m.apply_prim(f, Prim::While, operands, {}), tape}, {});
    m.functions["f"] = f;
    m.renumber();
    if (extra < 2) {
      EXPECT_NO_THROW(verify(m, "test"));
      continue;
    }
    try {
      verify(m, "test");
      FAIL() << "expected an internal error";
    } catch (const InternalError& e) {
      EXPECT_NE(e.message.find("expects"), std::string::npos) << e.message;
    }
  }
}

TEST(Ir, VerifierRejectsUseBeforeDefinition) {
  Module m;
  Graph* f = build_f(m);
  std::swap(f->body[0], f->body[1]);
  try {
    verify(m, "swap pass");
    FAIL() << "expected an internal error";
  } catch (const InternalError& e) {
    EXPECT_NE(e.where.find("swap pass"), std::string::npos);
    EXPECT_NE(e.message.find("before it is defined"), std::string::npos) << e.message;
  }
}

TEST(Ir, VerifierRejectsForeignNodeUse) {
  Module m;
  Graph* f = build_f(m);
  Graph* g = m.new_graph("g", nullptr, {}, GraphRole::Function);
  g->output = f->params[0];  // a parameter of an unrelated graph
  EXPECT_THROW(verify(m, "test"), InternalError);
}

TEST(Ir, VerifierRejectsWrongArity) {
  Module m;
  Graph* f = build_f(m);
  f->body[0]->inputs.pop_back();
  EXPECT_THROW(verify(m, "test"), InternalError);
}

// What follows a fail is never reached (ir/after_fail.hpp): what reads its value, and what
// reads the result of a call of a graph that returns such a value; the call itself runs (it
// is what fails), and a node that reads undef (also of type Bottom) is reached.
TEST(Ir, WhatReadsAFailsValueIsNotReached) {
  Module m;
  Graph* g = m.new_graph("g", nullptr, {}, GraphRole::Function);
  Node* x = m.add_param(g, "x", {});
  Node* fail = m.apply_prim(g, Prim::Fail, {m.constant(std::string("cannot differentiate"))}, {});
  Node* called = m.apply(g, {fail, x}, {});
  Node* part = m.apply_prim(g, Prim::TupleGet, {called, m.int_const(0)}, {});
  g->output = m.apply_prim(g, Prim::MakeTuple, {part, x}, {});
  Graph* main = m.new_graph("main", nullptr, {}, GraphRole::Function);
  Node* call = m.apply(main, {m.constant(g), m.constant(1.0)}, {});
  Node* read = m.apply_prim(main, Prim::TupleGet, {call, m.int_const(0)}, {});
  Node* unassigned = m.apply_prim(main, Prim::MakeTuple, {m.constant(1.0), m.constant(Undef{})}, {});
  main->output = m.apply_prim(main, Prim::MakeTuple, {read, unassigned}, {});
  m.renumber();
  DivergeMemo memo;
  EXPECT_FALSE(after_a_fail(fail, memo));
  EXPECT_TRUE(diverges(fail, memo));
  EXPECT_TRUE(after_a_fail(called, memo));
  EXPECT_TRUE(after_a_fail(part, memo));
  EXPECT_FALSE(after_a_fail(call, memo));  // the call runs g, whose fail stops the program
  EXPECT_TRUE(diverges(call, memo));
  EXPECT_TRUE(after_a_fail(read, memo));
  EXPECT_FALSE(after_a_fail(unassigned, memo));
  EXPECT_FALSE(diverges(unassigned, memo));
}
