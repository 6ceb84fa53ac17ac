// Unit tests of --check-nan (src/interp/nan_check.cpp) and --max-loop-iterations: graphs
// built by hand and run with interp::Options; the messages of derivative passes are checked
// on the graph names the AD transforms produce. Programs through the CLI: tests/errors/nan/.
#include <gtest/gtest.h>

#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "ad/generic.hpp"
#include "interp/interp.hpp"
#include "interp/nan_check.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace {

using fx::ad::Generic;
using fx::interp::Value;
using fx::ir::Graph;
using fx::ir::Node;
using fx::ir::Prim;

const double kInf = std::numeric_limits<double>::infinity();
const double kNan = std::numeric_limits<double>::quiet_NaN();

// f(a, b) = p(a[, b]) as the output of a top-level graph, on line 2 of a fake file.
struct OnePrim {
  fx::ir::Module m;
  fx::SourceFile file{"test.fx", "\n\n\n"};
  Graph* g = nullptr;
  std::ostringstream out;
  fx::interp::Options options;

  OnePrim(Prim p, size_t arity) {
    g = m.new_graph("f", nullptr, {&file, 1, 1}, fx::ir::GraphRole::Function);
    std::vector<Node*> args;
    for (size_t i = 0; i < arity; ++i) args.push_back(m.add_param(g, "a" + std::to_string(i), {}));
    g->output = m.apply_prim(g, p, args, {&file, 2, 7});
    m.functions["f"] = g;
    m.function_order.push_back(g);
    m.renumber();
  }
  // The run-time error message; "" when the call succeeds.
  std::string error(std::vector<Value> args) {
    try {
      fx::interp::call_graph(m, g, args, options, out);
    } catch (const fx::RuntimeError& e) {
      EXPECT_EQ(e.loc.line, 2u);
      EXPECT_EQ(e.loc.col, 7u);
      return e.message;
    }
    return "";
  }
};

TEST(CheckNan, OffByDefault) {
  OnePrim f(Prim::Log, 1);
  EXPECT_FALSE(f.options.check_nan);
  EXPECT_EQ(f.error({Value::real(-1.0)}), "");
}

TEST(CheckNan, ReportsThePrimitiveAndItsOperands) {
  OnePrim log(Prim::Log, 1);
  log.options.check_nan = true;
  EXPECT_EQ(log.error({Value::real(-1.0)}), "check-nan: log produced nan (operand: -1.0)");
  EXPECT_EQ(log.error({Value::real(0.0)}), "check-nan: log produced -inf (operand: 0.0)");
  EXPECT_EQ(log.error({Value::real(2.0)}), "");

  OnePrim div(Prim::Div, 2);
  div.options.check_nan = true;
  EXPECT_EQ(div.error({Value::real(1.0), Value::integer(0)}), "check-nan: div produced inf (operands: 1.0, 0)");
  EXPECT_EQ(div.error({Value::real(0.0), Value::real(0.0)}), "check-nan: div produced nan (operands: 0.0, 0.0)");
}

TEST(CheckNan, PropagatedValuesAreNotReported) {
  // Only where a non-finite value is made: an operand that already is one is not an error.
  OnePrim add(Prim::Add, 2);
  add.options.check_nan = true;
  EXPECT_EQ(add.error({Value::real(kNan), Value::real(1.0)}), "");
  OnePrim sub(Prim::Sub, 2);
  sub.options.check_nan = true;
  EXPECT_EQ(sub.error({Value::real(kInf), Value::real(kInf)}), "");
  // A tuple operand holding one counts as well (has_non_finite looks inside).
  OnePrim get(Prim::TupleGet, 2);
  get.options.check_nan = true;
  EXPECT_EQ(get.error({Value::tuple({Value::real(kNan)}), Value::integer(0)}), "");
}

TEST(CheckNan, NonNumericResultsAreNotExamined) {
  OnePrim eq(Prim::Eq, 2);
  eq.options.check_nan = true;
  EXPECT_EQ(eq.error({Value::real(1.0), Value::real(1.0)}), "");
  EXPECT_FALSE(fx::interp::is_non_finite_number(Value::tuple({Value::real(kNan)})));
  EXPECT_TRUE(fx::interp::is_non_finite_number(Value::real(-kInf)));
  EXPECT_FALSE(fx::interp::is_non_finite_number(Value::integer(1)));
}

TEST(CheckNan, DerivativePassesFromGraphNames) {
  using fx::interp::describe_derivative;
  const std::vector<Generic> grad{Generic::Grad};
  EXPECT_EQ(describe_derivative("loss[f64]", {}), "");
  EXPECT_EQ(describe_derivative("loss[f64]", grad), " inside grad");
  EXPECT_EQ(describe_derivative("loss[f64][cc][J]", grad), " in the forward pass of grad");
  EXPECT_EQ(describe_derivative("loss[f64][cc][J][back]", grad), " in the reverse pass of grad");
  EXPECT_EQ(describe_derivative("f[f64][cc][T]", {Generic::Jvp}), " in the forward-mode derivative of jvp");
  EXPECT_EQ(describe_derivative("f[f64][cc][J][back]", {}), " in the reverse pass of a derivative");
  // The innermost operator the user wrote; helpers (grad.seed) and pass-through codes
  // (checkpoint) are skipped; hessian's own jacfwd(jacrev(f)) is reported as hessian.
  EXPECT_EQ(describe_derivative("f[cc][J]", {Generic::Jvp, Generic::Grad, Generic::GradSeed}),
            " in the forward pass of grad");
  EXPECT_EQ(describe_derivative("f[cc][J]", {Generic::Grad, Generic::Checkpoint}), " in the forward pass of grad");
  EXPECT_EQ(describe_derivative("f[cc][J][back][T]", {Generic::Hessian, Generic::Jacfwd, Generic::Jacrev}),
            " in the forward-mode derivative of hessian");
  EXPECT_EQ(describe_derivative("f[cc][T]", {Generic::Grad, Generic::Jacfwd}),
            " in the forward-mode derivative of jacfwd");
}

// while(cond, body, 0) with cond(i) = i < n and body(i) = i + 1.
struct CountingLoop {
  fx::ir::Module m;
  fx::SourceFile file{"test.fx", "\n\n\n\n"};
  Graph* g = nullptr;
  std::ostringstream out;
  fx::interp::Options options;

  explicit CountingLoop(int64_t n) {
    g = m.new_graph("count", nullptr, {&file, 1, 1}, fx::ir::GraphRole::Function);
    Graph* cond = m.new_graph("cond", g, {&file, 2, 1}, fx::ir::GraphRole::LoopCond);
    Node* i = m.add_param(cond, "i", {});
    cond->output = m.apply_prim(cond, Prim::Lt, {i, m.constant(n)}, {&file, 2, 5});
    Graph* body = m.new_graph("body", g, {&file, 3, 1}, fx::ir::GraphRole::LoopBody);
    Node* j = m.add_param(body, "i", {});
    body->output = m.apply_prim(body, Prim::Add, {j, m.constant(int64_t{1})}, {&file, 3, 5});
    g->output = m.apply_prim(g, Prim::While, {m.constant(cond), m.constant(body), m.constant(int64_t{0})},
                             {&file, 2, 3});
    m.functions["count"] = g;
    m.function_order.push_back(g);
    m.renumber();
  }
  std::string run() {
    try {
      return std::to_string(fx::interp::call_graph(m, g, {}, options, out).as_int());
    } catch (const fx::RuntimeError& e) {
      return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": " + e.message;
    }
  }
};

TEST(MaxLoopIterations, ExactlyTheLimitPasses) {
  CountingLoop loop(100);
  EXPECT_EQ(loop.run(), "100");  // no limit by default
  loop.options.max_loop_iterations = 100;
  EXPECT_EQ(loop.run(), "100");
  loop.options.max_loop_iterations = 99;
  EXPECT_EQ(loop.run(), "2:3: loop ran more than 99 iterations (the limit set by --max-loop-iterations)");
}

}  // namespace
