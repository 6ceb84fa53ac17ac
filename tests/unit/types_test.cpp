// Unit tests of type inference and specialisation (src/types/): the type store, IR built
// by hand with the builder, and programs parsed and lowered from source. Each typed clone
// is checked with the IR verifier and, where it matters, run by the interpreter.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "interp/interp.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"
#include "types/checker.hpp"
#include "types/specialiser.hpp"
#include "types_test_support.hpp"

namespace {

using fx::CompileError;
using fx::ir::Graph;
using fx::ir::GraphRole;
using fx::ir::Node;
using fx::ir::Prim;
using fx::types::Type;
using fx::types::TypeKind;
using fx::types::to_string;

using fx::types::testing::error_of;

// A module with its checker. `load` parses and lowers source text; hand-built graphs use
// `loc(line, col)` in a fake file.
struct Program : fx::types::testing::HandBuiltProgram {
  std::vector<fx::ast::ExprPtr> expressions;  // ASTs of evaluated expressions, kept alive

  explicit Program(fx::types::InferenceLimits limits = {}) : HandBuiltProgram(limits) {}

  void load(const std::string& text) {
    m.files.push_back(std::make_unique<fx::SourceFile>("test.fx", text));
    m.syntax.push_back(fx::parse_module(*m.files.back()));
    fx::lower::lower_module(m, *m.syntax.back());
    m.renumber();
  }
  Graph* fn(const std::string& name) {
    Graph* g = m.find_function(name);
    EXPECT_NE(g, nullptr) << name;
    return g;
  }
  Graph* specialise(const std::string& name, std::vector<const Type*> args) {
    Graph* g = checker.specialise(fn(name), args);
    m.renumber();
    fx::ir::verify(m, "type inference");
    return g;
  }
  // Specialises main(), verifies the module and runs it; returns what it printed.
  std::string run_main() {
    Graph* g = specialise("main", {});
    std::ostringstream out;
    fx::interp::call_graph(m, g, {}, fx::interp::Options{}, out);
    return out.str();
  }
  // The clones of top-level function `name`, by name.
  std::vector<std::string> clones_of(const std::string& name) {
    std::vector<std::string> names;
    for (const auto& g : m.graphs)
      if (!g->parent && g->name.rfind(name + "[", 0) == 0) names.push_back(g->name);
    std::sort(names.begin(), names.end());
    return names;
  }
};

// The error that loading `source`, checking it and specialising main() reports.
std::string source_error(const std::string& source) {
  Program p;
  return error_of([&] {
    p.load(source);
    p.checker.check_module();
    if (Graph* main = p.m.find_function("main")) p.checker.specialise(main, {});
  });
}

// ------------------------------------------------------------------ the store

TEST(TypeStore, InternsSoThatPointerEqualityIsTypeEquality) {
  fx::ir::Module m;
  fx::types::TypeChecker checker(m);
  auto& T = checker.store();
  EXPECT_EQ(T.tuple({T.f64(), T.i64()}), T.tuple({T.f64(), T.i64()}));
  EXPECT_NE(T.tuple({T.f64(), T.i64()}), T.tuple({T.i64(), T.f64()}));
  EXPECT_EQ(T.prim_fn(Prim::Sin), T.prim_fn(Prim::Sin));
  EXPECT_NE(T.prim_fn(Prim::Sin), T.prim_fn(Prim::Cos));
  EXPECT_EQ(T.union_of({T.prim_fn(Prim::Sin), T.prim_fn(Prim::Cos)}),
            T.union_of({T.prim_fn(Prim::Cos), T.prim_fn(Prim::Sin)}));
  EXPECT_EQ(T.union_of({T.prim_fn(Prim::Sin)}), T.prim_fn(Prim::Sin));
}

TEST(TypeStore, PrintsTypes) {
  fx::ir::Module m;
  fx::types::TypeChecker checker(m);
  auto& T = checker.store();
  EXPECT_EQ(to_string(T.f64()), "f64");
  EXPECT_EQ(to_string(T.i64()), "i64");
  EXPECT_EQ(to_string(T.boolean()), "bool");
  EXPECT_EQ(to_string(T.str()), "str");
  EXPECT_EQ(to_string(T.none()), "None");
  EXPECT_EQ(to_string(T.f32()), "f32");
  EXPECT_EQ(to_string(T.tuple({T.f64(), T.i64()})), "(f64, i64)");
  EXPECT_EQ(to_string(T.tuple({T.f64()})), "(f64,)");
  EXPECT_EQ(to_string(T.tuple({})), "()");
  EXPECT_EQ(to_string(T.prim_fn(Prim::Sin)), "<primitive sin>");
  EXPECT_EQ(to_string(T.union_of({T.prim_fn(Prim::Sin), T.prim_fn(Prim::Cos)})),
            "<primitive sin> | <primitive cos>");
  // Deeply nested types print in bounded space.
  const Type* t = T.i64();
  for (int i = 0; i < 64; ++i) t = T.tuple({t, t});
  EXPECT_LT(to_string(t).size(), 300u);
}

TEST(TypeStore, JoinRules) {
  fx::ir::Module m;
  fx::types::TypeChecker checker(m);
  auto& T = checker.store();
  EXPECT_EQ(join(T, T.bottom(), T.f64()), T.f64());
  EXPECT_EQ(join(T, T.f64(), T.bottom()), T.f64());
  EXPECT_EQ(join(T, T.f64(), T.i64()), nullptr);  // no implicit promotion at joins
  EXPECT_EQ(join(T, T.tuple({T.bottom(), T.i64()}), T.tuple({T.f64(), T.i64()})), T.tuple({T.f64(), T.i64()}));
  EXPECT_EQ(join(T, T.tuple({T.f64()}), T.tuple({T.f64(), T.f64()})), nullptr);
  const Type* u = join(T, T.prim_fn(Prim::Sin), T.prim_fn(Prim::Cos));
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->kind, TypeKind::Union);
  EXPECT_EQ(join(T, u, T.prim_fn(Prim::Sin)), u);
  EXPECT_EQ(join(T, T.prim_fn(Prim::Sin), T.f64()), nullptr);
}

// ------------------------------------------------------------ hand-built IR

TEST(HandBuilt, NumericPromotion) {
  Program p;
  Graph* f = p.graph("f", {"a", "b"});
  f->output = p.m.apply_prim(f, Prim::Add, {f->params[0], f->params[1]}, p.loc(2, 12));
  auto& T = p.T();
  EXPECT_EQ(p.checker.specialise(f, {T.i64(), T.f64()})->output->type, T.f64());
  EXPECT_EQ(p.checker.specialise(f, {T.f64(), T.i64()})->output->type, T.f64());
  Graph* ii = p.checker.specialise(f, {T.i64(), T.i64()});
  EXPECT_EQ(ii->output->type, T.i64());
  EXPECT_EQ(ii->name, "f[i64,i64]");
  EXPECT_EQ(p.checker.specialise(f, {T.i64(), T.i64()}), ii) << "one clone per signature";
  EXPECT_EQ(p.checker.result_type(ii), T.i64());
  EXPECT_EQ(error_of([&] { p.checker.specialise(f, {T.boolean(), T.i64()}); }),
            "2:12: expected a number, found bool");
  EXPECT_EQ(error_of([&] { p.checker.specialise(f, {T.i64()}); }), "1:1: f takes 2 arguments, 1 given");
  fx::ir::verify(p.m, "type inference");
}

TEST(HandBuilt, PrimitiveRules) {
  Program p;
  auto& T = p.T();
  // g(x) returns op(x, ...) for each rule below.
  auto result = [&](Prim prim, std::vector<const Type*> args, std::vector<Node*> extra = {}) {
    Graph* g = p.graph("g" + std::to_string(p.m.graphs.size()), {});
    std::vector<Node*> inputs;
    for (size_t i = 0; i < args.size(); ++i) p.m.add_param(g, "x" + std::to_string(i), p.loc(1));
    for (Node* param : g->params) inputs.push_back(param);
    for (Node* e : extra) inputs.push_back(e);
    g->output = p.m.apply_prim(g, prim, inputs, p.loc(3, 5));
    std::string err;
    const Type* t = nullptr;
    err = error_of([&] { t = p.checker.specialise(g, args)->output->type; });
    return err.empty() ? to_string(t) : err;
  };
  EXPECT_EQ(result(Prim::Div, {T.i64(), T.i64()}), "f64");
  EXPECT_EQ(result(Prim::FloorDiv, {T.i64(), T.i64()}), "i64");
  EXPECT_EQ(result(Prim::Pow, {T.i64(), T.f64()}), "f64");
  EXPECT_EQ(result(Prim::Lt, {T.i64(), T.f64()}), "bool");
  EXPECT_EQ(result(Prim::Eq, {T.tuple({T.i64()}), T.tuple({T.i64()})}), "bool");
  EXPECT_EQ(result(Prim::Eq, {T.i64(), T.f64()}), "bool");
  EXPECT_EQ(result(Prim::Eq, {T.i64(), T.str()}), "3:5: == needs two values of the same type, found i64 and str");
  EXPECT_EQ(result(Prim::Lt, {T.str(), T.f64()}), "3:5: < compares numbers: expected a number, found str");
  EXPECT_EQ(result(Prim::Not, {T.boolean()}), "bool");
  EXPECT_EQ(result(Prim::Not, {T.i64()}), "3:5: `not` needs a bool: expected bool, found i64");
  EXPECT_EQ(result(Prim::Sin, {T.i64()}), "f64");
  EXPECT_EQ(result(Prim::Abs, {T.i64()}), "i64");
  EXPECT_EQ(result(Prim::Maximum, {T.i64(), T.i64()}), "i64");
  EXPECT_EQ(result(Prim::Maximum, {T.i64(), T.f64()}), "f64");
  EXPECT_EQ(result(Prim::Exp, {T.boolean()}), "3:5: expected a number, found bool");
  EXPECT_EQ(result(Prim::ToF64, {T.boolean()}), "f64");
  EXPECT_EQ(result(Prim::ToI64, {T.f64()}), "i64");
  EXPECT_EQ(result(Prim::ToI64, {T.str()}), "3:5: int() expects a number or bool, found str");
  EXPECT_EQ(result(Prim::MatMul, {T.f64(), T.f64()}),
            "3:5: @ needs tensors, found f64 and f64");
  EXPECT_EQ(result(Prim::MakeTuple, {T.f64(), T.boolean()}), "(f64, bool)");
  const Type* pair = T.tuple({T.f64(), T.boolean()});
  EXPECT_EQ(result(Prim::TupleGet, {pair}, {p.m.int_const(-1)}), "bool");
  EXPECT_EQ(result(Prim::TupleGet, {pair}, {p.m.int_const(0)}), "f64");
  EXPECT_EQ(result(Prim::TupleGet, {pair}, {p.m.int_const(2)}),
            "3:5: tuple index 2 is out of range: (f64, bool) has 2 elements");
  EXPECT_EQ(result(Prim::TupleGet, {pair}, {p.m.int_const(-3)}),
            "3:5: tuple index -3 is out of range: (f64, bool) has 2 elements");
  EXPECT_EQ(result(Prim::TupleGet, {T.f64()}, {p.m.int_const(0)}), "3:5: cannot index f64: expected a tuple");
  EXPECT_EQ(result(Prim::Print, {T.f64(), T.str()}), "None");
  EXPECT_EQ(result(Prim::Assert, {T.i64(), T.str()}), "3:5: assert condition must be bool, found i64");
  EXPECT_EQ(result(Prim::GetAttr, {T.f64()}, {p.m.constant(std::string("w"))}),
            "3:5: cannot access field 'w' of f64: expected a struct");
  fx::ir::verify(p.m, "type inference");
}

TEST(HandBuilt, CallingANonFunction) {
  Program p;
  Graph* f = p.graph("f", {"x"});
  f->output = p.m.apply(f, {f->params[0], p.m.constant(1.0)}, p.loc(4, 7));
  EXPECT_EQ(error_of([&] { p.checker.specialise(f, {p.T().f64()}); }), "4:7: expected a function, found f64");
}

// A closure capturing a parameter, called at two signatures and also returned:
//   def outer(k): inner = λx: k * x; return (inner(1), inner(2.0), inner)
TEST(HandBuilt, ClosureCalledAtTwoSignatures) {
  Program p;
  Graph* outer = p.graph("outer", {"k"});
  Graph* inner = p.graph("inner", {"x"}, outer, GraphRole::Lambda);
  inner->output = p.m.apply_prim(inner, Prim::Mul, {outer->params[0], inner->params[0]}, p.loc(2));
  Node* value = p.m.constant(inner);
  Node* a = p.m.apply(outer, {value, p.m.int_const(1)}, p.loc(3));
  Node* b = p.m.apply(outer, {value, p.m.constant(2.0)}, p.loc(3));
  outer->output = p.m.apply_prim(outer, Prim::MakeTuple, {a, b, value}, p.loc(3));
  auto& T = p.T();
  Graph* c = p.checker.specialise(outer, {T.i64()});
  EXPECT_EQ(to_string(c->output->type), "(i64, f64, <function lambda>)");
  // Each direct call gets its own constant, pointing at the clone for its signature.
  ASSERT_EQ(c->body.size(), 3u);
  ASSERT_TRUE(c->body[0]->callee()->holds_graph());
  EXPECT_EQ(c->body[0]->callee()->as_graph()->name, "inner[i64]");
  EXPECT_EQ(c->body[1]->callee()->as_graph()->name, "inner[f64]");
  EXPECT_EQ(c->body[0]->callee()->as_graph()->parent, c);
  ASSERT_EQ(p.checker.call_targets(c->body[0]).size(), 1u);
  EXPECT_EQ(p.checker.call_targets(c->body[0])[0]->name, "inner[i64]");
  EXPECT_EQ(p.checker.call_targets(c->body[2]).size(), 0u) << "make_tuple calls nothing";
  // The returned value is one closure with two clones: it points at the first, the
  // other is recorded.
  Node* returned = c->body[2]->arg(2);
  ASSERT_TRUE(returned->holds_graph());
  EXPECT_EQ(returned->as_graph()->name, "inner[i64]");
  ASSERT_EQ(p.checker.shared_closures().size(), 1u);
  EXPECT_EQ(p.checker.shared_closures()[0].constant, returned);
  ASSERT_EQ(p.checker.shared_closures()[0].other_clones.size(), 1u);
  EXPECT_EQ(p.checker.shared_closures()[0].other_clones[0]->name, "inner[f64]");
  p.m.renumber();
  fx::ir::verify(p.m, "type inference");
}

TEST(HandBuilt, AnnotationsResolve) {
  Program p;
  Graph* f = p.graph("f", {"x"});
  fx::ast::TypeExpr unknown{p.loc(1, 10), "Foo", {}};
  fx::ast::TypeExpr tensor{p.loc(1, 12), "Tensor", {}};
  f->output = f->params[0];
  f->param_types[0] = &unknown;
  EXPECT_EQ(error_of([&] { p.checker.check_module(); }),
            "1:10: unknown type 'Foo': expected f64, f32, i64, bool, str, None, Tensor[f64], a tuple (A, B), or a "
            "struct or enum name");
  f->param_types[0] = &tensor;
  EXPECT_EQ(error_of([&] { p.checker.check_module(); }),
            "1:12: Tensor takes an element type and optionally a rank: write Tensor[f64], or Tensor[f64, 2] for a "
            "given rank");
}

// ---------------------------------------------------------------- from source

TEST(Source, GenericFunctionUsedAtTwoTypes) {
  Program p;
  p.load(
      "def sq(x):\n"
      "    return x * x\n"
      "def main():\n"
      "    print(sq(3), sq(1.5))\n");
  EXPECT_EQ(p.run_main(), "9 2.25\n");
  EXPECT_EQ(p.clones_of("sq"), (std::vector<std::string>{"sq[f64]", "sq[i64]"}));
}

TEST(Source, PromotionAndDivision) {
  Program p;
  p.load(
      "def f(a, b):\n"
      "    return (a + b, a / b, a // b, a ** 2)\n");
  auto& T = p.T();
  EXPECT_EQ(to_string(p.specialise("f", {T.i64(), T.i64()})->output->type), "(i64, f64, i64, i64)");
  EXPECT_EQ(to_string(p.specialise("f", {T.i64(), T.f64()})->output->type), "(f64, f64, f64, i64)");
  EXPECT_EQ(to_string(p.specialise("f", {T.f64(), T.i64()})->output->type), "(f64, f64, f64, f64)");
}

TEST(Source, ClosuresReturningClosures) {
  Program p;
  p.load(
      "def make_scaler(k):\n"
      "    def scale(x):\n"
      "        return k * x\n"
      "    return scale\n"
      "def make_adder_maker():\n"
      "    return lambda a: lambda b: a + b\n"
      "def main():\n"
      "    triple = make_scaler(3.0)\n"
      "    print(triple(2), make_scaler(2)(5))\n"
      "    print(make_adder_maker()(1)(2.5))\n");
  EXPECT_EQ(p.run_main(), "6.0 10\n3.5\n");
  Graph* alone = p.specialise("make_scaler", {p.T().f64()});
  EXPECT_EQ(to_string(alone->output->type), "<function make_scaler.scale>");
}

TEST(Source, UncalledClosureIsStillCloned) {
  Program p;
  p.load(
      "def make_scaler(k):\n"
      "    def scale(x):\n"
      "        return k * x\n"
      "    return scale\n");
  Graph* c = p.specialise("make_scaler", {p.T().i64()});
  ASSERT_TRUE(c->output->holds_graph());
  Graph* scale = c->output->as_graph();
  EXPECT_EQ(scale->parent, c);
  EXPECT_EQ(scale->name, "scale[Bottom]");
}

TEST(Source, ComposeWithPrimitivesAndClosures) {
  Program p;
  p.load(
      "def compose(f, g):\n"
      "    return lambda x: f(g(x))\n"
      "def make_scaler(k):\n"
      "    return lambda x: k * x\n"
      "def main():\n"
      "    h = compose(sin, cos)\n"
      "    print(h(0.0))\n"
      "    d = compose(make_scaler(2.0), abs)\n"
      "    print(d(-3))\n");
  EXPECT_EQ(p.run_main(), "0.8414709848078965\n6.0\n");
  EXPECT_EQ(p.clones_of("compose"),
            (std::vector<std::string>{"compose[<function lambda>,<primitive abs>]",
                                      "compose[<primitive sin>,<primitive cos>]"}));
}

TEST(Source, RecursionTypes) {
  Program p;
  p.load(
      "def fact(n):\n"
      "    return 1.0 if n <= 1 else n * fact(n - 1)\n"
      "def fib(n):\n"
      "    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
      "def is_even(n):\n"
      "    return True if n == 0 else is_odd(n - 1)\n"
      "def is_odd(n):\n"
      "    return False if n == 0 else is_even(n - 1)\n"
      "def count(n):\n"
      "    def go(k, acc):\n"
      "        if k == 0:\n"
      "            return acc\n"
      "        return go(k - 1, acc + k)\n"
      "    return go(n, 0)\n"
      "def main():\n"
      "    print(fact(5), fib(10), is_even(10), is_odd(4), count(4))\n");
  auto& T = p.T();
  EXPECT_EQ(p.specialise("fact", {T.i64()})->output->type, T.f64());
  EXPECT_EQ(p.specialise("fib", {T.i64()})->output->type, T.i64());
  EXPECT_EQ(p.specialise("fib", {T.f64()})->output->type, T.f64());
  EXPECT_EQ(p.specialise("is_even", {T.i64()})->output->type, T.boolean());
  EXPECT_EQ(p.specialise("count", {T.i64()})->output->type, T.i64());
  EXPECT_EQ(p.run_main(), "120.0 55 True False 10\n");
}

TEST(Source, RecursionOverAnEnum) {
  Program p;
  p.load(
      "enum Tree:\n"
      "    Leaf(value: f64)\n"
      "    Node(left: Tree, right: Tree)\n"
      "def depth(t):\n"
      "    match t:\n"
      "        case Leaf(v):\n"
      "            return 1\n"
      "        case Node(l, r):\n"
      "            return 1 + max(depth(l), depth(r))\n"
      "def total(t):\n"
      "    match t:\n"
      "        case Leaf(v):\n"
      "            return v\n"
      "        case Node(l, r):\n"
      "            return total(l) + total(r)\n"
      "def main():\n"
      "    t = Node(Leaf(1.0), Node(Leaf(2.0), Leaf(3.0)))\n"
      "    print(depth(t), total(t))\n");
  EXPECT_EQ(p.run_main(), "3 6.0\n");
  EXPECT_EQ(p.clones_of("depth"), (std::vector<std::string>{"depth[Tree]"}));
}

TEST(Source, StructsAndKeywords) {
  Program p;
  p.load(
      "struct Linear:\n"
      "    w: f64\n"
      "    b: f64\n"
      "def apply(p, x):\n"
      "    return p.w * x + p.b\n"
      "def scale(p: Linear, by: f64) -> Linear:\n"
      "    p.w *= by\n"
      "    return p\n"
      "def main():\n"
      "    q = Linear(b=1.0, w=2.0)\n"
      "    print(apply(x=3, p=q), scale(q, 2.0))\n");
  EXPECT_EQ(p.run_main(), "7.0 Linear(w=4.0, b=1.0)\n");
}

TEST(Source, IfReturningEitherOfTwoLambdasIsAUnion) {
  Program p;
  p.load(
      "def pick(c):\n"
      "    f = (lambda x: x + 1) if c else (lambda x: x * 2)\n"
      "    return f(10)\n"
      "def main():\n"
      "    print(pick(True), pick(False))\n");
  EXPECT_EQ(p.run_main(), "11 20\n");
  EXPECT_EQ(source_error(
                "def main():\n"
                "    f = (lambda x: 1.0) if True else (lambda x: 1)\n"
                "    print(f(0))\n"),
            "3:12: the functions that may be called here return different types: f64 and i64");
}

TEST(Source, LoopsTypeTheirState) {
  Program p;
  p.load(
      "def mean(n):\n"
      "    total = 0.0\n"
      "    for i in range(n):\n"
      "        total += i\n"
      "        if total > 100.0:\n"
      "            break\n"
      "    return total / n\n"
      "def first_big(n):\n"
      "    i = 0\n"
      "    while i < n:\n"
      "        if i * i > n:\n"
      "            return i\n"
      "        i += 1\n"
      "    return -1\n"
      "def main():\n"
      "    print(mean(4), first_big(10))\n");
  EXPECT_EQ(p.specialise("mean", {p.T().i64()})->output->type, p.T().f64());
  EXPECT_EQ(p.run_main(), "1.5 4\n");
}

TEST(Source, NullaryEntriesAndConstants) {
  Program p;
  p.load(
      "N = 10\n"
      "def main():\n"
      "    return N * 2.0\n");
  EXPECT_EQ(p.specialise("main", {})->name, "main[]");
  EXPECT_EQ(p.checker.result_type(p.specialise("main", {})), p.T().f64());
}

// `fluxion eval`: an expression lowered into a nullary "__eval__" graph is specialised
// with no arguments, and its result type is known without running it.
TEST(Source, EvalExpressionEntry) {
  Program p;
  p.load(
      "def make_scaler(k):\n"
      "    return lambda x: k * x\n"
      "def fact(n):\n"
      "    return 1.0 if n <= 1 else n * fact(n - 1)\n");
  auto eval = [&](const std::string& text) {
    p.m.files.push_back(std::make_unique<fx::SourceFile>("<expr>", text));
    p.expressions.push_back(fx::parse_expression(*p.m.files.back()));
    Graph* g = fx::lower::lower_expression(p.m, *p.expressions.back());
    Graph* typed = p.checker.specialise(g, {});
    p.m.renumber();
    fx::ir::verify(p.m, "type inference");
    std::ostringstream out;
    fx::interp::call_graph(p.m, typed, {}, fx::interp::Options{}, out);
    return to_string(p.checker.result_type(typed));
  };
  EXPECT_EQ(eval("make_scaler(2.0)(3)"), "f64");
  EXPECT_EQ(eval("fact(10)"), "f64");
  EXPECT_EQ(eval("make_scaler(2)"), "<function lambda>");
  EXPECT_EQ(eval("(fact, sin)"), "(<function fact>, <primitive sin>)");
  EXPECT_EQ(error_of([&] { eval("fact(1, 2)"); }), "1:5: fact takes 1 argument, 2 given");
}

TEST(Source, CheckModuleChecksAnnotatedFunctions) {
  Program p;
  p.load(
      "def ok(x: f64) -> f64:\n"
      "    return x * 2.0\n"
      "def generic(x):\n"
      "    return x + True\n"  // not checked: generic and never called
      "def main():\n"
      "    print(ok(1.0))\n");
  p.checker.check_module();
  EXPECT_EQ(p.clones_of("ok"), (std::vector<std::string>{"ok[f64]"}));
  EXPECT_EQ(p.clones_of("main"), (std::vector<std::string>{"main[]"}));
  EXPECT_TRUE(p.clones_of("generic").empty());
  EXPECT_EQ(source_error("def bad(x: f64) -> i64:\n    return x * 2.0\n"),
            "2:14: function 'bad' is declared to return i64 but returns f64");
}

TEST(Source, VariablesMergeAfterIfStatements) {
  // A variable assigned on one path only is Undef (Bottom) on the other: no conflict, and
  // one specialisation of the code after each `if`, however many there are.
  Program p;
  std::string source = "def f(c):\n    t = 0.0\n";
  for (int i = 0; i < 40; ++i)
    source += "    if c > " + std::to_string(i) + ":\n        v" + std::to_string(i) + " = 1.5\n        t = t + v" +
              std::to_string(i) + "\n";
  source += "    return t\ndef main():\n    print(f(3))\n";
  p.load(source);
  EXPECT_EQ(p.run_main(), "4.5\n");
  EXPECT_EQ(source_error(
                "def f(c):\n"
                "    if c:\n"
                "        x = 1\n"
                "    else:\n"
                "        x = 2.0\n"
                "    return x\n"
                "def main():\n"
                "    print(f(True))\n"),
            "2:5: variable 'x' is i64 on one path and f64 on another");
}

TEST(Source, ClosuresCarriedThroughLoops) {
  // The closure made in the body has one type in every iteration, so the loop state
  // carrying it has a finite type.
  Program p;
  p.load(
      "def chain(n):\n"
      "    f = lambda: 0\n"
      "    for i in range(n):\n"
      "        g = f\n"
      "        f = lambda: g() + i\n"
      "    return f()\n"
      "def main():\n"
      "    for i in range(3):\n"
      "        if i > 0:\n"
      "            print(h(100))\n"
      "        h = lambda x: x + i\n"
      "    print(chain(4))\n");
  EXPECT_EQ(p.run_main(), "100\n101\n6\n");
}

TEST(Source, MutualRecursionRingIsCheap) {
  // Each function of the ring is re-inferred once per round of the outermost fixpoint,
  // not once per round of every function on the way (which would be exponential).
  Program p;
  std::string source;
  const int n = 30;
  for (int k = 0; k < n; ++k)
    source += "def h" + std::to_string(k) + "(n):\n    if n <= 0:\n        return 0.5\n    return h" +
              std::to_string(k) + "(n - 1) + h" + std::to_string((k + 1) % n) + "(n - 2) + 1\n";
  p.load(source);
  EXPECT_EQ(p.specialise("h0", {p.T().i64()})->output->type, p.T().f64());
}

TEST(Source, HigherOrderRecursion) {
  Program p;
  p.load(
      "def Y(f):\n"
      "    return lambda x: f(Y(f))(x)\n"
      "def fact_gen(self):\n"
      "    return lambda n: 1 if n == 0 else n * self(n - 1)\n"
      "def rec_closure(n):\n"
      "    if n == 0:\n"
      "        return lambda x: x\n"
      "    g = rec_closure(n - 1)\n"
      "    return lambda x: g(x) + 1\n"
      "def main():\n"
      "    print(Y(fact_gen)(5), rec_closure(3)(10))\n");
  EXPECT_EQ(p.run_main(), "120 13\n");
}

// ------------------------------------------------------------ error messages

TEST(Errors, LoopVariableChangingType) {
  EXPECT_EQ(source_error(
                "def f(n):\n"
                "    total = 0\n"
                "    for i in range(n):\n"
                "        total = total + 0.5\n"
                "    return total\n"
                "def main():\n"
                "    print(f(3))\n"),
            "4:23: variable 'total' is i64 before the loop and f64 after an iteration");
}

TEST(Errors, FunctionReturningTwoTypes) {
  EXPECT_EQ(source_error(
                "def f(x):\n"
                "    if x > 0:\n"
                "        return 1.0\n"
                "    else:\n"
                "        return 1\n"
                "def main():\n"
                "    print(f(3))\n"),
            "5:16: function 'f' returns f64 on one path and i64 on another");
  // Found only in the second round of a recursion fixpoint.
  EXPECT_EQ(source_error(
                "def f(n):\n"
                "    if n == 0:\n"
                "        return 1\n"
                "    return f(n - 1) * 0.5\n"
                "def main():\n"
                "    print(f(3))\n"),
            "4:21: function 'f' returns i64 on one path and f64 on another");
  EXPECT_EQ(source_error("def main():\n    y = 1.0 if True else 2\n    print(y)\n"),
            "2:9: the branches produce f64 and i64");
}

TEST(Errors, StructFields) {
  const std::string decl = "struct Linear:\n    w: f64\n    b: f64\n";
  EXPECT_EQ(source_error(decl + "def main():\n    p = Linear(1, 2.0)\n"),
            "5:16: field 'w' of Linear expects f64, found i64");
  EXPECT_EQ(source_error(decl + "def main():\n    p = Linear(1.0, 2.0)\n    print(p.z)\n"),
            "6:12: struct Linear has no field 'z'");
  EXPECT_EQ(source_error(decl + "def main():\n    p = Linear(1.0, 2.0)\n    p.w = 3\n"),
            "6:11: field 'w' of Linear expects f64, found i64");
  EXPECT_EQ(source_error("def main():\n    x = 1.0\n    print(x.w)\n"),
            "3:12: cannot access field 'w' of f64: expected a struct");
}

TEST(Errors, CallsAndArguments) {
  const std::string f = "def f(a, b):\n    return a + b\n";
  EXPECT_EQ(source_error(f + "def main():\n    print(f(1, 2, 3))\n"), "4:12: f takes 2 arguments, 3 given");
  EXPECT_EQ(source_error(f + "def main():\n    print(f(1))\n"), "4:12: f takes 2 arguments, 1 given");
  EXPECT_EQ(source_error(f + "def main():\n    print(f(1, c=2))\n"), "4:12: f has no parameter named 'c'");
  EXPECT_EQ(source_error(f + "def main():\n    print(f(1, a=2))\n"), "4:12: f got two values for 'a'");
  EXPECT_EQ(source_error("def g(x: f64):\n    return x\ndef main():\n    print(g(1))\n"),
            "4:13: argument 'x' of g expects f64, found i64");
  EXPECT_EQ(source_error("def main():\n    x = 1.0\n    print(x(2))\n"), "3:12: expected a function, found f64");
  EXPECT_EQ(source_error("def main():\n    x: f64 = 1\n"), "2:14: variable 'x' is declared f64, found i64");
}

TEST(Errors, ConditionsAndOperators) {
  EXPECT_EQ(source_error("def main():\n    x = 1\n    if x:\n        print(x)\n"),
            "3:5: condition must be bool, found i64");
  EXPECT_EQ(source_error("def main():\n    print(True + 1)\n"), "2:16: expected a number, found bool");
  EXPECT_EQ(source_error("def main():\n    print(1.0 @ 2.0)\n"),
            "2:15: @ needs tensors, found f64 and f64");
  EXPECT_EQ(source_error("def main():\n    t = (1, 2.0)\n    print(t[2])\n"),
            "3:12: tuple index 2 is out of range: (i64, f64) has 2 elements");
  EXPECT_EQ(source_error("def h(x: Tensor[str]):\n    return x\n"),
            "1:17: a tensor's element type must be f64, f32, i64 or bool, found 'str'");
  EXPECT_EQ(source_error("def h(x: Tensor[f64, 2]) -> Tensor[f64, 1]:\n    return x\n"),
            "1:29: function 'h' is declared to return Tensor[f64, 1] but returns Tensor[f64, 2]");
}

// ------------------------------------------------------------ pathological input

TEST(Bounds, GrowingArgumentTypes) {
  EXPECT_EQ(source_error("def f(x):\n    return f((x, x))\ndef main():\n    print(f(1))\n"),
            "2:13: too many specialisations of f: it is called with more than 64 different argument types "
            "(does a recursive call keep changing the types of its arguments?)");
}

TEST(Bounds, GrowingResultType) {
  std::string err = source_error("def f(n):\n    return (f(n - 1),)\ndef main():\n    print(f(1))\n");
  EXPECT_EQ(err.substr(0, 85),
            "1:1: cannot infer the type of recursive function 'f': its result type keeps changing ")
      << err;
}

TEST(Bounds, InferenceDepth) {
  fx::types::InferenceLimits limits;
  limits.max_depth = 40;
  Program p(limits);
  std::string source = "def main():\n    x = 0\n";
  for (int i = 0; i < 30; ++i) source += "    if x < " + std::to_string(i) + ":\n        x = x + 1\n";
  source += "    print(x)\n";
  p.load(source);
  std::string err = error_of([&] { p.checker.specialise(p.fn("main"), {}); });
  EXPECT_NE(err.find("type inference is nested too deeply"), std::string::npos) << err;
  // The checker stays usable after an error.
  Program q;
  q.load(source);
  EXPECT_EQ(q.run_main(), "29\n");
}

TEST(Bounds, NonTerminatingRecursionTypesAsBottom) {
  Program p;
  p.load("def f(x):\n    return f(x)\n");
  EXPECT_EQ(p.specialise("f", {p.T().i64()})->output->type, p.T().bottom());
}

}  // namespace
