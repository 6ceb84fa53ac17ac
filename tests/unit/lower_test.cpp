// The lowering (AST → IR): structure of the graphs it builds, the compile errors it
// reports (message and line:col), and end-to-end runs of programs whose control flow
// goes through every lowering path (through the type checker and the interpreter).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <unistd.h>

#include "driver/compilation.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"
#include "lower_test_support.hpp"

using namespace fx;
using namespace fx::testing;
using ir::Graph;
using ir::GraphRole;
using ir::Node;
using ir::Prim;

namespace {

std::vector<const Graph*> graphs_named(const ir::Module& m, const std::string& name) {
  std::vector<const Graph*> out;
  for (const auto& g : m.graphs)
    if (g->name == name) out.push_back(g.get());
  return out;
}

size_t count_role(const ir::Module& m, GraphRole role) {
  size_t n = 0;
  for (const auto& g : m.graphs) n += g->role == role;
  return n;
}

}  // namespace

// ------------------------------------------------------------------ top level

TEST(Lower, FunctionParamsAnnotationsAndOperatorLocations) {
  auto m = lower_text("def f(x: f64, y) -> f64:\n    return x * y\n");
  const Graph* f = m->find_function("f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->role, GraphRole::Function);
  EXPECT_EQ(f->parent, nullptr);
  ASSERT_EQ(f->params.size(), 2u);
  EXPECT_EQ(f->params[0]->name, "x");
  EXPECT_EQ(f->params[1]->name, "y");
  ASSERT_NE(f->param_types[0], nullptr);
  EXPECT_EQ(f->param_types[0]->name, "f64");
  EXPECT_EQ(f->param_types[1], nullptr);
  ASSERT_NE(f->return_type, nullptr);
  EXPECT_EQ(f->return_type->name, "f64");
  ASSERT_TRUE(f->output->is_prim_apply(Prim::Mul));
  EXPECT_EQ(f->output->loc.line, 2u);
  EXPECT_EQ(f->output->loc.col, 14u);  // the operator
}

TEST(Lower, TopLevelNamesAreVisibleInAnyOrder) {
  auto m = lower_text(
      "def main():\n"
      "    return helper(N) + Point(1.0, 2.0).x\n"
      "def helper(k):\n"
      "    return k\n"
      "N = 10\n"
      "struct Point:\n"
      "    x: f64\n"
      "    y: f64\n");
  const Graph* n = m->find_function("N");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->role, GraphRole::Init);
  EXPECT_TRUE(n->params.empty());
  EXPECT_EQ(m->function_order.size(), 3u);
  // A use of N calls its graph.
  const Graph* main_g = m->find_function("main");
  bool calls_n = false;
  for (const Node* b : main_g->body) calls_n = calls_n || (b->callee()->holds_graph() && b->callee()->as_graph() == n);
  EXPECT_TRUE(calls_n);
  EXPECT_EQ(prim_applies(*m, main_g, Prim::MakeStruct).size(), 1u);
}

TEST(Lower, StructsAndEnumsAreDeclared) {
  auto m = lower_text(
      "struct Linear:\n    w: f64\n    b: f64\n"
      "enum Tree:\n    Leaf(word: i64)\n    Node(left: Tree, right: Tree)\n    Empty\n");
  ASSERT_EQ(m->struct_by_name.count("Linear"), 1u);
  const ir::StructDecl* s = m->struct_by_name.at("Linear");
  ASSERT_EQ(s->fields.size(), 2u);
  EXPECT_EQ(s->fields[1].name, "b");
  EXPECT_EQ(s->fields[1].type->name, "f64");
  const ir::VariantDecl* node = m->variant_by_name.at("Node");
  EXPECT_EQ(node->index, 1);
  EXPECT_EQ(node->owner, m->enum_by_name.at("Tree"));
  EXPECT_EQ(node->fields.size(), 2u);
  EXPECT_TRUE(m->variant_by_name.at("Empty")->fields.empty());
}

TEST(Lower, TopLevelErrors) {
  EXPECT_LOWER_ERROR("x = 1\nprint(x)\n", 2, 1, "only definitions may appear at top level; put statements in main()");
  // A file lowered on its own has nothing loaded for its imports (modules_test.cpp: programs).
  EXPECT_LOWER_ERROR("import \"other.fx\"\n", 1, 1, "import \"other.fx\" needs the file to be loaded");
  EXPECT_LOWER_ERROR("def f():\n    return 1\ndef f():\n    return 2\n", 3, 5, "'f' is already defined at line 1");
  EXPECT_LOWER_ERROR("def Leaf():\n    return 1\nenum T:\n    Leaf(x: i64)\n", 4, 5, "'Leaf' is already defined");
  EXPECT_LOWER_ERROR("enum A:\n    V\nenum B:\n    V\n", 4, 5, "'V' is already defined");
  EXPECT_LOWER_ERROR("struct S:\n    a: f64\nS = 3\n", 3, 1, "'S' is already defined");
  EXPECT_LOWER_ERROR("def f(x=[1.0]):\n    return x\n", 1, 9, "a default value must be a literal");
  EXPECT_LOWER_ERROR("def f(x, x):\n    return x\n", 1, 10, "duplicate parameter 'x'");
  EXPECT_LOWER_ERROR("@memoize\ndef f(x):\n    return x\n", 1, 2, "unknown decorator '@memoize'");
  EXPECT_LOWER_ERROR("return 1\n", 1, 1, "'return' outside a function");
  EXPECT_LOWER_ERROR("a, b = 1, 2\n", 1, 1, "a top-level constant must be a single name");
}

// -------------------------------------------------------------------- names

TEST(Lower, NameErrors) {
  EXPECT_LOWER_ERROR("def main():\n    print(y)\n", 2, 11, "unknown name 'y'");
  EXPECT_LOWER_ERROR("def main():\n    print(x)\n    x = 1\n", 2, 11, "variable 'x' is used before it is assigned");
  EXPECT_LOWER_ERROR("def main():\n    x += 1\n", 2, 5, "variable 'x' is used before it is assigned");
  // A def reading a variable assigned only after it.
  EXPECT_LOWER_ERROR("def main():\n    def g():\n        return a\n    a = 1\n    return g()\n", 3, 16,
                     "variable 'a' is used before it is assigned");
  EXPECT_LOWER_ERROR("def main():\n    return f32\n", 2, 12, "'f32' is a type name");
  EXPECT_LOWER_ERROR("def main(k):\n    return grad(main, argnums=k)\n", 2, 31, "argnums must be a constant integer");
  EXPECT_LOWER_ERROR("enum T:\n    A\ndef main():\n    return T\n", 4, 12, "enum type, not a value");
  EXPECT_LOWER_ERROR("struct S:\n    a: f64\ndef main():\n    return S\n", 4, 12, "can only be called");
}

TEST(Lower, PossiblyUnassignedVariableIsGuardedAtTheRead) {
  auto m = lower_text(
      "def f(c):\n"
      "    if c:\n"
      "        y = 1\n"
      "    return y\n");
  auto joins = graphs_named(*m, "join");
  ASSERT_EQ(joins.size(), 1u);
  // y (Undef where unassigned) and its definedness flag.
  ASSERT_EQ(joins[0]->params.size(), 2u);
  EXPECT_EQ(joins[0]->params[0]->name, "y");
  EXPECT_EQ(joins[0]->params[1]->name, "?y");
  const Graph* else_g = graphs_named(*m, "if_false").at(0);
  ASSERT_TRUE(else_g->output->is_apply());
  EXPECT_TRUE(std::holds_alternative<ir::Undef>(else_g->output->arg(0)->value));
  EXPECT_TRUE(std::get<bool>(else_g->output->arg(1)->value) == false);
  // The read: if(?y, λ: y, λ: fail(...)) located at the read.
  const Node* read = joins[0]->output;
  ASSERT_TRUE(read->is_prim_apply(Prim::If));
  EXPECT_EQ(read->arg(0), joins[0]->params[1]);
  EXPECT_EQ(read->loc.line, 4u);
  EXPECT_EQ(read->loc.col, 12u);
  auto fails = prim_applies(*m, m->find_function("f"), Prim::Fail);
  ASSERT_EQ(fails.size(), 1u);
  EXPECT_EQ(fails[0]->arg(0)->as_str(), "variable 'y' is used before it is assigned");
  // Assigned on every path: no flag, no guard.
  auto m2 = lower_text("def f(c):\n    if c:\n        y = 1\n    else:\n        y = 2\n    return y\n");
  EXPECT_TRUE(prim_applies(*m2, m2->find_function("f"), Prim::Fail).empty());
}

TEST(Lower, BuiltinsArePrimitivesAndValues) {
  auto m = lower_text(
      "def f(x):\n"
      "    g = sin\n"
      "    print(max(x, 1.0), min(x, 2.0), abs(x), float(1), int(2.5))\n"
      "    return g\n");
  const Graph* f = m->find_function("f");
  ASSERT_TRUE(f->output->holds_prim());
  EXPECT_EQ(f->output->as_prim(), Prim::Sin);
  EXPECT_EQ(prim_applies(*m, f, Prim::Maximum).size(), 1u);
  EXPECT_EQ(prim_applies(*m, f, Prim::Minimum).size(), 1u);
  EXPECT_EQ(prim_applies(*m, f, Prim::ToF64).size(), 1u);
  ASSERT_EQ(prim_applies(*m, f, Prim::Print).size(), 1u);
  EXPECT_EQ(prim_applies(*m, f, Prim::Print)[0]->num_args(), 5u);
  EXPECT_LOWER_ERROR("def f(x):\n    return sin(x, x)\n", 2, 15, "sin() takes 1 argument, found 2");
  EXPECT_LOWER_ERROR("def f(x):\n    return max(x, x, x)\n", 2, 15, "max() takes max(a, b) of two values or");
  EXPECT_LOWER_ERROR("def f(x):\n    return exp(x=x)\n", 2, 16, "does not take keyword arguments");
  // A user definition shadows a builtin.
  auto shadow = lower_text("def relu(x):\n    return 0\ndef f(x):\n    return relu(x)\n");
  EXPECT_TRUE(prim_applies(*shadow, shadow->find_function("f"), Prim::Relu).empty());
}

TEST(Lower, CallsKeepKeywords) {
  auto m = lower_text("def g(a, k):\n    return a\ndef f(x):\n    return g(x, k=2)\n");
  const Node* call = m->find_function("f")->output;
  ASSERT_EQ(call->inputs.size(), 3u);
  ASSERT_EQ(call->keywords.size(), 1u);
  EXPECT_EQ(call->keywords[0], "k");
  EXPECT_TRUE(call->callee()->holds_graph());
}

// -------------------------------------------------------------- expressions

TEST(Lower, TupleIndexing) {
  // The lowering cannot tell a tuple from a tensor: t[k] is index(t, "i", k), resolved to
  // tuple_get by type inference. A negative index stays negative.
  auto m = lower_text("def f(t):\n    return t[1] + t[-1]\n");
  auto gets = prim_applies(*m, m->find_function("f"), Prim::Index);
  ASSERT_EQ(gets.size(), 2u);
  EXPECT_EQ(std::get<std::string>(gets[1]->arg(1)->value), "i");
  EXPECT_EQ(gets[1]->arg(2)->as_int(), -1);
  // Other indices, slices, literals, comprehensions and element updates: lower_tensor_test.cpp.
}

TEST(Lower, ShortCircuitAndChainedComparisonsUseIf) {
  auto m = lower_text("def f(a, b, c):\n    return a < b < c and not a == c\n");
  const Graph* f = m->find_function("f");
  // `and` plus one link of the chain: two ifs; `b` is evaluated once.
  EXPECT_EQ(prim_applies(*m, f, Prim::If).size(), 2u);
  EXPECT_EQ(prim_applies(*m, f, Prim::Lt).size(), 2u);
  EXPECT_EQ(prim_applies(*m, f, Prim::Not).size(), 1u);
}

TEST(Lower, LambdasAreNestedGraphsNamedByLine) {
  auto m = lower_text("def f(k):\n    g = lambda x: x * k\n    return g\n");
  auto lambdas = graphs_named(*m, "lambda@2");
  ASSERT_EQ(lambdas.size(), 1u);
  EXPECT_EQ(lambdas[0]->role, GraphRole::Lambda);
  EXPECT_EQ(lambdas[0]->parent, m->find_function("f"));
  EXPECT_EQ(lambdas[0]->output->inputs[2], m->find_function("f")->params[0]);  // k, a free variable
}

TEST(Lower, StructConstructionFieldsAndUpdates) {
  const std::string decl = "struct S:\n    a: f64\n    b: f64\nstruct W:\n    s: S\n";
  auto m = lower_text(decl +
                      "def f(x):\n"
                      "    p = S(b=x, a=2.0)\n"
                      "    w = W(p)\n"
                      "    w.s.a = 5.0\n"
                      "    w.s.b += 1.0\n"
                      "    return w\n");
  const Graph* f = m->find_function("f");
  auto makes = prim_applies(*m, f, Prim::MakeStruct);
  ASSERT_EQ(makes.size(), 2u);
  // Keyword arguments are put in declaration order.
  EXPECT_TRUE(makes[0]->arg(1)->is_constant());
  EXPECT_EQ(makes[0]->arg(2), f->params[0]);
  EXPECT_EQ(prim_applies(*m, f, Prim::SetAttr).size(), 4u);
  EXPECT_EQ(f->output->name, "w");
  EXPECT_TRUE(f->output->is_prim_apply(Prim::SetAttr));
  EXPECT_LOWER_ERROR(decl + "def f():\n    return S(1.0)\n", 7, 13, "is missing a value for field 'b'");
  EXPECT_LOWER_ERROR(decl + "def f():\n    return S(1.0, 2.0, 3.0)\n", 7, 13, "has 2 fields, but 3 arguments");
  EXPECT_LOWER_ERROR(decl + "def f():\n    return S(a=1.0, c=2.0)\n", 7, 21, "struct 'S' has no field 'c'");
  EXPECT_LOWER_ERROR(decl + "def f():\n    return S(1.0, a=2.0)\n", 7, 19, "field 'a' of struct 'S' is given twice");
}

TEST(Lower, VariantConstruction) {
  auto m = lower_text(
      "enum T:\n    Leaf(v: i64)\n    Node(l: T, r: T)\n    Empty\n"
      "def f():\n    return Node(r=Empty, l=Leaf(1))\n");
  const Graph* f = m->find_function("f");
  auto makes = prim_applies(*m, f, Prim::MakeVariant);
  ASSERT_EQ(makes.size(), 3u);
  EXPECT_EQ(f->output, makes.back());
  EXPECT_EQ(f->output->num_args(), 3u);
  EXPECT_LOWER_ERROR("enum T:\n    Leaf(v: i64)\ndef f():\n    return Leaf\n", 4, 12, "variant 'Leaf' has fields");
}

// --------------------------------------------------------------- statements

TEST(Lower, IfWithNothingAfterNeedsNoJoin) {
  auto m = lower_text("def f(c):\n    if c:\n        print(1)\n    else:\n        print(2)\n");
  EXPECT_EQ(count_role(*m, GraphRole::Join), 0u);
  // Both branches return None.
  for (const Graph* g : graphs_named(*m, "if_true")) EXPECT_TRUE(std::holds_alternative<ir::NoneVal>(g->output->value));
}

TEST(Lower, JoinTakesOnlyTheVariablesTheBranchesChange) {
  auto m = lower_text(
      "def f(c, x):\n"
      "    z = x\n"
      "    if c:\n"
      "        y = 1\n"
      "    else:\n"
      "        y = 2\n"
      "    return x + y + z\n");
  auto joins = graphs_named(*m, "join");
  ASSERT_EQ(joins.size(), 1u);
  ASSERT_EQ(joins[0]->params.size(), 1u);
  EXPECT_EQ(joins[0]->params[0]->name, "y");
  EXPECT_EQ(joins[0]->parent, m->find_function("f"));
}

TEST(Lower, JoinDropsVariablesNotReadAfterwards) {
  auto m = lower_text(
      "def f(c, x):\n"
      "    if c:\n"
      "        t = x * 2\n"
      "        y = t\n"
      "    else:\n"
      "        y = 2\n"
      "    return y\n");
  auto joins = graphs_named(*m, "join");
  ASSERT_EQ(joins.size(), 1u);
  ASSERT_EQ(joins[0]->params.size(), 1u);  // y, not the branch temporary t
  EXPECT_EQ(joins[0]->params[0]->name, "y");
}

TEST(Lower, ReturnInOneBranchContinuesInTheOther) {
  auto m = lower_text(
      "def f(c):\n"
      "    if c:\n"
      "        return 1\n"
      "    x = 2\n"
      "    return x\n");
  EXPECT_EQ(count_role(*m, GraphRole::Join), 0u);
  const Graph* f = m->find_function("f");
  ASSERT_TRUE(f->output->is_prim_apply(Prim::If));
  EXPECT_EQ(graphs_named(*m, "if_false").at(0)->output->as_int(), 2);
}

TEST(Lower, ElifChainsAndFunctionsWithoutReturn) {
  auto m = lower_text(
      "def f(x):\n"
      "    if x < 0:\n        y = -1\n"
      "    elif x == 0:\n        y = 0\n"
      "    elif x < 10:\n        y = 1\n"
      "    else:\n        return\n"
      "    print(y)\n");
  EXPECT_EQ(graphs_named(*m, "if_true").size(), 3u);
  auto joins = graphs_named(*m, "join");
  ASSERT_EQ(joins.size(), 1u);
  EXPECT_TRUE(std::holds_alternative<ir::NoneVal>(joins[0]->output->value));
}

TEST(Lower, TupleUnpacking) {
  auto m = lower_text("def f(t):\n    a, (b, c) = t\n    return a + b + c\n");
  EXPECT_EQ(prim_applies(*m, m->find_function("f"), Prim::TupleGet).size(), 4u);
}

TEST(Lower, LiteralTupleAssignmentSwaps) {
  auto m = lower_text("def f(a, b):\n    a, b = b, a\n    return (a, b)\n");
  const Graph* f = m->find_function("f");
  EXPECT_TRUE(prim_applies(*m, f, Prim::TupleGet).empty());
  EXPECT_EQ(f->output->arg(0), f->params[1]);
  EXPECT_EQ(f->output->arg(1), f->params[0]);
  EXPECT_LOWER_ERROR("def f():\n    a, b = 1, 2, 3\n", 2, 12, "cannot unpack 3 values into 2 targets");
}

TEST(Lower, AssertAndAnnotatedAssignment) {
  auto m = lower_text("def f(x):\n    assert x > 0\n    assert x < 5, \"too big\"\n    y: f64 = x\n    return y\n");
  auto asserts = prim_applies(*m, m->find_function("f"), Prim::Assert);
  ASSERT_EQ(asserts.size(), 2u);
  EXPECT_EQ(asserts[0]->arg(1)->as_str(), "assertion failed");
  EXPECT_EQ(asserts[1]->arg(1)->as_str(), "assertion failed: too big");
  EXPECT_EQ(asserts[1]->loc.line, 3u);
  // The annotation is checked through an identity function with an annotated parameter.
  const Node* y = m->find_function("f")->output;
  ASSERT_TRUE(y->callee()->holds_graph());
  EXPECT_EQ(y->callee()->as_graph()->param_types.at(0)->name, "f64");
  EXPECT_LOWER_ERROR("def f(x, m):\n    assert x, m\n", 2, 15, "must be a string literal");
}

TEST(Lower, ExpressionStatementsKeepTheirEffectsInOrder) {
  auto m = lower_text("def f(g):\n    g(1)\n    print(2)\n    g(3)\n");
  const Graph* f = m->find_function("f");
  ASSERT_EQ(f->body.size(), 3u);
  EXPECT_EQ(f->body[0]->callee(), f->params[0]);
  EXPECT_TRUE(f->body[1]->is_prim_apply(Prim::Print));
  EXPECT_EQ(f->body[2]->callee(), f->params[0]);
}

TEST(Lower, CodeAfterReturnIsStillChecked) {
  EXPECT_LOWER_ERROR("def f():\n    return 1\n    print(nope)\n", 3, 11, "unknown name 'nope'");
}

// -------------------------------------------------------------------- loops

TEST(Lower, WhileLoopState) {
  auto m = lower_text(
      "def f(n):\n"
      "    i = 0\n"
      "    s = 0\n"
      "    while i < n:\n"
      "        t = i * i\n"
      "        s += t\n"
      "        i += 1\n"
      "    return s\n");
  const Graph* f = m->find_function("f");
  auto loops = prim_applies(*m, f, Prim::While);
  ASSERT_EQ(loops.size(), 1u);
  // (i, s): `t` is a temporary of one iteration; no flags without break/return.
  const Node* init = loops[0]->arg(2);
  ASSERT_TRUE(init->is_prim_apply(Prim::MakeTuple));
  EXPECT_EQ(init->num_args(), 2u);
  EXPECT_EQ(graphs_named(*m, "while_cond").size(), 1u);
  EXPECT_EQ(graphs_named(*m, "while_body").at(0)->role, GraphRole::LoopBody);
}

TEST(Lower, LoopWithBreakAndReturnCarriesFlags) {
  auto m = lower_text(
      "def f(n):\n"
      "    for i in range(n):\n"
      "        if i == 3:\n"
      "            break\n"
      "        if i == 5:\n"
      "            return i\n"
      "    return -1\n");
  const Graph* f = m->find_function("f");
  const Node* init = prim_applies(*m, f, Prim::While).at(0)->arg(2);
  // counter, broke, returned, ret (i is not read after the loop).
  EXPECT_EQ(init->num_args(), 4u);
  EXPECT_EQ(graphs_named(*m, "loop_returned").size(), 1u);
  EXPECT_EQ(graphs_named(*m, "for_cond").size(), 1u);
}

TEST(Lower, LoopCarriesOnlyVariablesSeenAcrossIterations) {
  auto m = lower_text(
      "def f(n):\n"
      "    acc = 0\n"
      "    prev = 0\n"
      "    for i in range(n):\n"
      "        if i > 2:\n"
      "            def g(x):\n"
      "                return x + i\n"
      "            acc += g(prev)\n"
      "        tmp = i * i\n"
      "        prev = tmp\n"
      "    return acc\n");
  const Node* init = prim_applies(*m, m->find_function("f"), Prim::While).at(0)->arg(2);
  // acc (read after the loop), prev (read before it is assigned), the counter; not g, tmp, i.
  EXPECT_EQ(init->num_args(), 3u);
  auto body = graphs_named(*m, "for_body").at(0);
  EXPECT_EQ(body->params.size(), 1u);
  EXPECT_EQ(body->body[0]->name, "acc");
  EXPECT_EQ(body->body[1]->name, "prev");
}

TEST(Lower, RangeStepChecks) {
  auto lit = lower_text("def f(n):\n    for i in range(n, 0, -1):\n        print(i)\n");
  EXPECT_TRUE(prim_applies(*lit, lit->find_function("f"), Prim::Assert).empty());
  EXPECT_EQ(prim_applies(*lit, lit->find_function("f"), Prim::Gt).size(), 1u);
  auto dyn = lower_text("def f(n, s):\n    for i in range(0, n, s):\n        print(i)\n");
  auto asserts = prim_applies(*dyn, dyn->find_function("f"), Prim::Assert);
  ASSERT_EQ(asserts.size(), 1u);
  EXPECT_EQ(asserts[0]->loc.line, 2u);
  EXPECT_EQ(asserts[0]->loc.col, 26u);
  EXPECT_LOWER_ERROR("def f():\n    for i in range():\n        pass\n", 2, 19, "range() takes 1 to 3 arguments, found 0");
  EXPECT_LOWER_ERROR("def f(t):\n    for a, b in t:\n        pass\n", 2, 9,
                     "the target of a for loop over a tensor must be a single name");
  EXPECT_LOWER_ERROR("def f():\n    return range(3)\n", 2, 12, "range() can only be used as the iterable of a for loop");
}

TEST(Lower, EndlessLoopWithoutBreakEndsOnlyByReturning) {
  auto m = lower_text(
      "def f(limit):\n"
      "    i = 0\n"
      "    while True:\n"
      "        if i * i > limit:\n"
      "            return i\n"
      "        i += 1\n");
  const Graph* f = m->find_function("f");
  // No `if(returned, ...)` after the loop and no path returning None.
  EXPECT_TRUE(graphs_named(*m, "after_loop").empty());
  ASSERT_TRUE(f->output->is_prim_apply(Prim::TupleGet));
  EXPECT_EQ(f->output->name, "ret");
  EXPECT_EQ(run_program("def f(limit):\n    i = 0\n    while True:\n        if i * i > limit:\n"
                        "            return i\n        i += 1\ndef main():\n    print(f(10))\n"),
            "4\n");
}

TEST(Lower, RangeArgumentsMustBeIntegers) {
  std::string out = run_program("def main():\n    for i in range(1, 2.5):\n        print(i)\n");
  EXPECT_EQ(out, "compile error 2:23: argument 'stop' of range() expects i64, found f64") << out;
}

TEST(Lower, MisplacedBreakContinue) {
  EXPECT_LOWER_ERROR("def f():\n    break\n", 2, 5, "'break' outside a loop");
  EXPECT_LOWER_ERROR("def f():\n    if True:\n        continue\n", 3, 9, "'continue' outside a loop");
  // A def inside a loop is a new function: break there is outside any loop.
  EXPECT_LOWER_ERROR("def f():\n    while True:\n        def g():\n            break\n", 4, 13, "'break' outside a loop");
}

// -------------------------------------------------------------------- match

const char* const kTree =
    "enum Tree:\n"
    "    Leaf(word: i64)\n"
    "    Node(left: Tree, right: Tree)\n";

TEST(Lower, MatchOnVariants) {
  auto m = lower_text(std::string(kTree) +
                      "def depth(t):\n"
                      "    match t:\n"
                      "        case Leaf(w):\n"
                      "            return 1\n"
                      "        case Node(l, r):\n"
                      "            return 1 + max(depth(l), depth(r))\n");
  const Graph* d = m->find_function("depth");
  EXPECT_EQ(prim_applies(*m, d, Prim::VariantTag).size(), 1u);
  // The last case needs no test: the match is exhaustive.
  EXPECT_EQ(prim_applies(*m, d, Prim::If).size(), 1u);
  auto fields = prim_applies(*m, d, Prim::VariantField);
  ASSERT_EQ(fields.size(), 3u);
  EXPECT_EQ(fields[0]->name, "w");
}

TEST(Lower, MatchExhaustiveness) {
  const std::string tree = kTree;
  EXPECT_LOWER_ERROR(tree + "def f(t):\n    match t:\n        case Leaf(w):\n            return w\n", 5, 5,
                     "match is not exhaustive: variant 'Node' of enum 'Tree' is not handled");
  EXPECT_LOWER_ERROR(tree +
                         "def f(t):\n    match t:\n        case Leaf(w):\n            return w\n"
                         "        case Node(Leaf(a), r):\n            return a\n",
                     5, 5, "match is not exhaustive: no case matches Node(Node(_, _), _)");
  EXPECT_LOWER_ERROR("def f(n):\n    match n:\n        case 0:\n            return 1\n        case 1:\n            return 2\n",
                     2, 5, "add `case _:`");
  EXPECT_LOWER_ERROR(tree + "def f(t):\n    match t:\n        case Leaf(a, b):\n            return 1\n        case _:\n            return 2\n",
                     6, 14, "variant 'Leaf' has 1 field, but this pattern has 2");
  EXPECT_LOWER_ERROR(tree + "def f(t):\n    match t:\n        case Lef(a):\n            return 1\n        case _:\n            return 2\n",
                     6, 14, "unknown variant 'Lef'");
  EXPECT_LOWER_ERROR(tree + "def f(t):\n    match t:\n        case Node(a, a):\n            return 1\n        case _:\n            return 2\n",
                     6, 22, "name 'a' is bound twice");
  EXPECT_LOWER_ERROR(tree + "def f(t):\n    match t:\n        case x:\n            return 1\n        case Leaf(w):\n            return 2\n",
                     8, 9, "unreachable");
  // Complete through nested patterns and bool literals: no error.
  lower_text(tree +
             "def f(t, b):\n    match t:\n        case Leaf(w):\n            return w\n"
             "        case Node(Leaf(a), r):\n            return a\n"
             "        case Node(Node(a, b), r):\n            return 0\n"
             "def g(b):\n    match b:\n        case True:\n            return 1\n        case False:\n            return 0\n");
}

TEST(Lower, MatchLiteralAndCapturePatterns) {
  auto m = lower_text(
      "enum Shape:\n    Circle(r: f64)\n    Empty\n"
      "def f(s, n):\n"
      "    match s:\n        case Empty:\n            return 0.0\n        case Circle(r):\n            return r\n"
      "def g(n):\n"
      "    match n:\n        case -1:\n            return 1\n        case k:\n            return k\n");
  auto eqs = prim_applies(*m, m->find_function("g"), Prim::Eq);
  ASSERT_EQ(eqs.size(), 1u);
  EXPECT_EQ(eqs[0]->arg(1)->as_int(), -1);
  EXPECT_EQ(m->find_function("g")->output->name, "");
}

// ------------------------------------------------------------- nested defs

TEST(Lower, NestedDefsAreHoistedAndMutuallyRecursive) {
  auto m = lower_text(
      "def outer(n):\n"
      "    def is_even(k):\n"
      "        return True if k == 0 else is_odd(k - 1)\n"
      "    def is_odd(k):\n"
      "        return False if k == 0 else is_even(k - 1)\n"
      "    return is_even(n)\n");
  const Graph* outer = m->find_function("outer");
  ASSERT_EQ(graphs_named(*m, "is_odd").size(), 1u);
  EXPECT_EQ(graphs_named(*m, "is_odd")[0]->parent, outer);
  EXPECT_EQ(graphs_named(*m, "is_even")[0]->parent, outer);
}

TEST(Lower, ForwardReferenceAcrossControlFlowIsAnError) {
  EXPECT_LOWER_ERROR(
      "def outer(c):\n"
      "    def h():\n"
      "        return g()\n"
      "    if c:\n"
      "        y = 1\n"
      "    else:\n"
      "        y = 2\n"
      "    def g():\n"
      "        return y\n"
      "    return h()\n",
      3, 16, "function 'g' is used before its def is reached");
}

// ------------------------------------------------------------------- eval

TEST(Lower, LowerExpressionResolvesTopLevelNames) {
  auto m = lower_text("def sq(x):\n    return x * x\nN = 3\n");
  SourceFile file("<expr>", "sq(N) + 1");
  ast::ExprPtr e = parse_expression(file);
  Graph* g = lower::lower_expression(*m, *e);
  EXPECT_EQ(g->name, "__eval__");
  EXPECT_EQ(g->role, GraphRole::Eval);
  EXPECT_TRUE(g->params.empty());
  EXPECT_TRUE(g->output->is_prim_apply(Prim::Add));
  m->renumber();
  ir::verify(*m, "lowering");
}

// ---------------------------------------------------------------- depth

TEST(Lower, DeepNestingDoesNotOverflow) {
  // 200 nested ifs, each assigning, then a use after all of them.
  std::string text = "def f(x):\n    y = 0\n";
  std::string indent = "    ";
  for (int i = 0; i < 200; ++i) {
    text += indent + "if x > " + std::to_string(i) + ":\n";
    indent += " ";
    text += indent + "y = " + std::to_string(i) + "\n";
  }
  text += "    return y\n";
  auto m = lower_text(text);
  // The inner ifs have nothing after them: all 201 paths meet in one join, at the return.
  auto joins = graphs_named(*m, "join");
  ASSERT_EQ(joins.size(), 1u);
  EXPECT_EQ(joins[0]->params.size(), 1u);
  // A long left-associative chain and a long elif chain.
  std::string chain = "def g(a):\n    return a";
  for (int i = 0; i < 900; ++i) chain += " + a";
  chain += "\n";
  lower_text(chain);
  std::string elifs = "def h(x):\n    if x == 0:\n        return 0\n";
  for (int i = 1; i < 200; ++i) elifs += "    elif x == " + std::to_string(i) + ":\n        return " + std::to_string(i) + "\n";
  lower_text(elifs);
}

// ------------------------------------------------------------ end to end

TEST(LowerEndToEnd, LoopsWithBreakContinueReturnInNestedIfs) {
  EXPECT_EQ(run_program(
                "def find(n, target):\n"
                "    i = 0\n"
                "    while i < n:\n"
                "        if i == target:\n"
                "            return i * 10\n"
                "        i += 1\n"
                "    return -1\n"
                "def nested(n):\n"
                "    total = 0\n"
                "    for i in range(n):\n"
                "        for j in range(n):\n"
                "            if j > i:\n"
                "                break\n"
                "            if (i + j) % 2 == 1:\n"
                "                continue\n"
                "            total += i * j\n"
                "        if total > 50:\n"
                "            return total\n"
                "    return total\n"
                "def pair(n):\n"
                "    for i in range(n):\n"
                "        j = 0\n"
                "        while True:\n"
                "            if i * j == 12:\n"
                "                return (i, j)\n"
                "            if j > i:\n"
                "                break\n"
                "            j += 1\n"
                "    return (-1, -1)\n"
                "def main():\n"
                "    print(find(5, 3), find(5, 7))\n"
                "    print(nested(3), nested(10))\n"
                "    print(pair(10), pair(2))\n"
                "    s = 0\n"
                "    for k in range(10, 0, -3):\n"
                "        s = s * 100 + k\n"
                "    print(s, k)\n"),
            "30 -1\n5 86\n(3, 4) (-1, -1)\n10070401 1\n");
}

TEST(LowerEndToEnd, ClosuresCaptureValuesAtCreation) {
  EXPECT_EQ(run_program(
                "def adders(n):\n"
                "    total = 0\n"
                "    for i in range(n):\n"
                "        f = lambda x: x + i\n"
                "        total += f(100)\n"
                "    return total\n"
                "def captured():\n"
                "    a = 1\n"
                "    g = lambda: a\n"
                "    a = 2\n"
                "    return g()\n"
                "def make_scaler(k):\n"
                "    def scale(x):\n"
                "        return k * x\n"
                "    return scale\n"
                "def main():\n"
                "    print(adders(4), captured(), make_scaler(3)(14))\n"),
            "406 1 42\n");
}

TEST(LowerEndToEnd, MutualRecursionTopLevelAndNested) {
  EXPECT_EQ(run_program(
                "def even(n):\n"
                "    return True if n == 0 else odd(n - 1)\n"
                "def odd(n):\n"
                "    return False if n == 0 else even(n - 1)\n"
                "def parity(n):\n"
                "    def is_even(k):\n"
                "        return True if k == 0 else is_odd(k - 1)\n"
                "    def is_odd(k):\n"
                "        return False if k == 0 else is_even(k - 1)\n"
                "    return is_even(n)\n"
                "def main():\n"
                "    print(even(10), odd(7), parity(9), parity(12))\n"),
            "True True False True\n");
}

TEST(LowerEndToEnd, MatchOnTree) {
  EXPECT_EQ(run_program(std::string(kTree) +
                        "def depth(t):\n"
                        "    match t:\n"
                        "        case Leaf(w):\n"
                        "            return 1\n"
                        "        case Node(l, r):\n"
                        "            return 1 + max(depth(l), depth(r))\n"
                        "def left(t):\n"
                        "    match t:\n"
                        "        case Node(Leaf(w), _):\n"
                        "            return w\n"
                        "        case Leaf(0):\n"
                        "            return 100\n"
                        "        case _:\n"
                        "            return -1\n"
                        "def main():\n"
                        "    t = Node(Node(Leaf(1), Leaf(2)), Leaf(3))\n"
                        "    print(depth(t), left(t), left(Node(Leaf(7), t)), left(Leaf(0)), left(Leaf(4)))\n"),
            "3 -1 7 100 -1\n");
}

TEST(LowerEndToEnd, ReadingAVariableAssignedOnAnotherPathFailsAtTheRead) {
  std::string out = run_program(
      "def pick(flag):\n"
      "    if flag:\n"
      "        total = 1\n"
      "    return total\n"
      "def last(n):\n"
      "    for i in range(n):\n"
      "        sq = i * i\n"
      "    return sq\n"
      "def main():\n"
      "    print(pick(True), last(3))\n"
      "    print(last(0))\n");
  EXPECT_EQ(out.rfind("1 4\nruntime error 8:12: variable 'sq' is used before it is assigned", 0), 0u) << out;
  out = run_program("def pick(flag):\n    if flag:\n        total = 1\n    return total\ndef main():\n    print(pick(False))\n");
  EXPECT_EQ(out, "runtime error 4:12: variable 'total' is used before it is assigned") << out;
}

TEST(LowerEndToEnd, RangeWithZeroStepFailsAtRunTime) {
  std::string out = run_program("def main():\n    s = 0\n    for i in range(0, 3, s):\n        print(i)\n");
  EXPECT_NE(out.find("runtime error 3:26"), std::string::npos) << out;
  EXPECT_NE(out.find("step must not be zero"), std::string::npos) << out;
}
