// The lowering of the derivative operators (src/lower/lower_derivatives.cpp): argnums
// resolved into the primitive's constant argument, the argnums operators used as values,
// the @custom_vjp / @custom_jvp decorators on top-level and nested defs, and the compile
// errors; plus end-to-end runs whose types come from src/types/derivative_*.cpp.
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

// "LINE:COL: message" of the CompileError lowering `text` reports, or "".
std::string lower_error_text(const std::string& text) {
  LowerDiagnostic d = lower_error(text);
  return d.raised ? std::to_string(d.line) + ":" + std::to_string(d.col) + ": " + d.message : "";
}

}  // namespace

TEST(LowerDerivatives, ArgnumsBecomesAConstantArgument) {
  auto m = lower_text(
      "def f(x, y):\n"
      "    return x * y\n"
      "def main():\n"
      "    a = grad(f)\n"
      "    b = grad(f, 1)\n"
      "    c = jacrev(f, argnums=(1, 0))\n"
      "    d = hessian(f, argnums=-1)\n"
      "    return (a, b, c, d)\n");
  const Graph* main = m->find_function("main");
  auto grads = prim_applies(*m, main, Prim::Grad);
  ASSERT_EQ(grads.size(), 2u);
  EXPECT_EQ(grads[0]->arg(1)->as_int(), 0);
  EXPECT_EQ(grads[1]->arg(1)->as_int(), 1);
  auto jac = prim_applies(*m, main, Prim::Jacrev);
  ASSERT_EQ(jac.size(), 1u);
  const Node* nums = jac[0]->arg(1);
  ASSERT_TRUE(nums->is_prim_apply(Prim::MakeTuple));
  ASSERT_EQ(nums->num_args(), 2u);
  EXPECT_EQ(nums->arg(0)->as_int(), 1);
  EXPECT_EQ(nums->arg(1)->as_int(), 0);
  EXPECT_EQ(prim_applies(*m, main, Prim::Hessian)[0]->arg(1)->as_int(), -1);
}

TEST(LowerDerivatives, Errors) {
  const std::string f = "def f(x, y):\n    return x * y\n";
  EXPECT_EQ(lower_error_text(f + "def main():\n    return grad(f, argnums=1.0)\n"),
            "4:28: argnums must be a constant integer or a tuple of constant integers, e.g. argnums=1 or "
            "argnums=(0, 2)");
  EXPECT_EQ(lower_error_text(f + "def main(k):\n    return grad(f, argnums=(0, k))\n").substr(0, 37),
            "4:32: argnums must be a constant inte");
  EXPECT_EQ(lower_error_text(f + "def main():\n    return grad(f, argnums=())\n"),
            "4:28: argnums must not be an empty tuple: name at least one argument");
  EXPECT_EQ(lower_error_text(f + "def main():\n    return grad(f, 0, argnums=1)\n"), "4:23: grad() got argnums twice");
  EXPECT_EQ(lower_error_text(f + "def main():\n    return grad(f, n=1)\n"),
            "4:20: grad() has no keyword argument 'n'; its only keyword is argnums");
  EXPECT_EQ(lower_error_text(f + "def main():\n    return grad()\n"),
            "4:16: grad() takes the function to differentiate and optionally argnums, found 0 arguments");
  EXPECT_EQ(lower_error_text(f + "def main():\n    return derivative(f, 1)\n"),
            "4:22: derivative() takes 1 argument, found 2");
  EXPECT_EQ(lower_error_text(f + "def main():\n    return vjp()\n").substr(0, 20), "4:15: vjp() takes th");
  EXPECT_EQ(lower_error_text("@memoize\ndef f(x):\n    return x\n"),
            "1:2: unknown decorator '@memoize': the decorators are @custom_vjp(fwd, bwd) and @custom_jvp(rule)");
  EXPECT_EQ(lower_error_text("def r(p, t):\n    return p\n@custom_jvp\ndef f(x):\n    return x\n"),
            "3:2: @custom_jvp needs its rules: @custom_jvp(rule)");
  EXPECT_EQ(lower_error_text("def r(p, t):\n    return p\n@custom_vjp(r)\ndef f(x):\n    return x\n"),
            "3:12: @custom_vjp takes 2 functions, found 1: @custom_vjp(fwd, bwd)");
  EXPECT_EQ(lower_error_text("def main():\n    def g(x):\n        return h(x)\n    @custom_jvp(main)\n    def h(x):\n"
                        "        return x\n    return g\n"),
            "3:16: the decorated function 'h' is used before its def is reached; move its def above this use");
}

// @custom_vjp on a top-level def: the name is a constant (Init graph) holding
// custom_vjp(raw, fwd, bwd); the raw function keeps the def's name and body.
TEST(LowerDerivatives, TopLevelDecoratedDefIsAConstant) {
  auto m = lower_text(
      "def fwd(x):\n    return (x, x)\n"
      "def bwd(r, g):\n    return (g,)\n"
      "@custom_vjp(fwd, bwd)\n"
      "def f(x):\n    return f(x - 1.0) if x > 0.0 else x\n");
  const Graph* f = m->find_function("f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->role, GraphRole::Init);
  ASSERT_TRUE(f->output->is_prim_apply(Prim::CustomVjp));
  ASSERT_TRUE(f->output->arg(0)->holds_graph());
  const Graph* raw = f->output->arg(0)->as_graph();
  EXPECT_EQ(raw->name, "f");
  EXPECT_EQ(raw->role, GraphRole::Function);
  EXPECT_EQ(raw->params.size(), 1u);
  EXPECT_EQ(f->output->arg(1)->as_graph(), m->find_function("fwd"));
  EXPECT_EQ(f->output->arg(2)->as_graph(), m->find_function("bwd"));
}

TEST(LowerDerivativesEndToEnd, OperatorsAndValues) {
  EXPECT_EQ(run_program("def f(x, y):\n"
                        "    return x * x * y\n"
                        "def apply(op, g, x):\n"
                        "    return op(g)(x)\n"
                        "def main():\n"
                        "    print(grad(f, argnums=(0, 1))(2.0, 3.0), value_and_grad(f, 1)(2.0, 3.0))\n"
                        "    print(apply(grad, sin, 0.0), apply(derivative, exp, 0.0))\n"
                        "    y, pb = vjp(f, 2.0, 3.0)\n"
                        "    print(y, pb(1.0), jvp(f, (2.0, 3.0), (1.0, 0.0)))\n"
                        "    print(hessian(f, argnums=(0, 1))(2.0, 3.0))\n"),
            "(12.0, 4.0) (12.0, 4.0)\n1.0 1.0\n12.0 (12.0, 4.0) (12.0, 12.0)\n((6.0, 4.0), (4.0, 0.0))\n");
}

TEST(LowerDerivativesEndToEnd, DecoratedDefs) {
  // Top level, recursive (through the rule), and nested with a captured scale.
  EXPECT_EQ(run_program("def st_fwd(x):\n    return (floor(x + 0.5), ())\n"
                        "def st_bwd(r, g):\n    return (g,)\n"
                        "@custom_vjp(st_fwd, st_bwd)\n"
                        "def st_round(x):\n    return floor(x + 0.5)\n"
                        "def twice_rule(p, t):\n    return (2.0 * p[0], 2.0 * t[0])\n"
                        "@custom_jvp(twice_rule)\n"
                        "def down(x):\n    return 0.0 if x < 1.0 else 2.0 * down(x - 1.0)\n"
                        "def scaled(k, x):\n"
                        "    def fwd(y):\n        return (y, ())\n"
                        "    def bwd(r, g):\n        return (k * g,)\n"
                        "    @custom_vjp(fwd, bwd)\n"
                        "    def ident(y):\n        return y\n"
                        "    return grad(ident)(x)\n"
                        "def main():\n"
                        "    print(st_round(2.3), grad(st_round)(2.3), grad(lambda x: x * st_round(x))(2.0))\n"
                        "    print(derivative(lambda x: down(x))(0.5))\n"
                        "    print(scaled(3.0, 1.0))\n"),
            "2.0 1.0 4.0\n2.0\n3.0\n");
}

TEST(LowerDerivativesEndToEnd, TypeErrorsAreReported) {
  EXPECT_EQ(run_program("def f(x):\n    return (x, x)\ndef main():\n    print(grad(f)(1.0))\n"),
            "compile error 4:18: grad needs a function returning a scalar float, found (f64, f64); use jacrev or "
            "vjp for other outputs");
  EXPECT_EQ(run_program("def f(x):\n    return x\ndef main():\n    print(grad(f)(1))\n").substr(0, 95),
            "compile error 4:19: grad: cannot differentiate with respect to argument 0 of type i64; integers");
}
