// Unit tests of the reference interpreter (src/interp/): IR graphs built by hand with the
// builder, evaluated with call_graph. Float text expectations come from Python 3's repr.
#include <gtest/gtest.h>
#include <pthread.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "interp/format.hpp"
#include "interp/interp.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace {

using fx::interp::Kind;
using fx::interp::Value;
using fx::ir::Graph;
using fx::ir::GraphRole;
using fx::ir::Node;
using fx::ir::Prim;

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
const double kInf = std::numeric_limits<double>::infinity();
const double kNan = std::numeric_limits<double>::quiet_NaN();

// Sanitizers and -O0 make C++ frames several times larger; the stacks of these tests allow
// for it (the numbers in machine.hpp are for optimised builds).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#if defined(__OPTIMIZE__)
constexpr bool kOptimized = true;
#else
constexpr bool kOptimized = false;
#endif
constexpr size_t kMainStack = size_t(8) << 20;  // a typical main thread
constexpr size_t kDefaultLimitStack = kSanitized || !kOptimized ? 8 * kMainStack : kMainStack;

Value I(int64_t i) { return Value::integer(i); }
Value F(double d) { return Value::real(d); }
Value B(bool b) { return Value::boolean(b); }

// A module plus shorthands for building graphs. Each node gets its own line in a fake
// source file, so tests can check where an error is located.
struct Program {
  fx::ir::Module m;
  fx::SourceFile file{"test.fx", std::string(2000, '\n')};
  uint32_t next_line = 1;
  std::ostringstream out;
  fx::interp::Options options;

  fx::SourceLoc loc() { return fx::SourceLoc{&file, next_line++, 1}; }

  Graph* fn(const std::string& name, std::vector<std::string> params, Graph* parent = nullptr,
            GraphRole role = GraphRole::Function) {
    Graph* g = m.new_graph(name, parent, loc(), role);
    for (auto& p : params) m.add_param(g, p, loc());
    if (!parent) {
      m.functions[name] = g;
      m.function_order.push_back(g);
    }
    return g;
  }
  Node* param(Graph* g, size_t i) { return g->params.at(i); }
  Node* op(Graph* g, Prim p, std::vector<Node*> args) { return m.apply_prim(g, p, std::move(args), loc()); }
  Node* call(Graph* g, Node* callee, std::vector<Node*> args, std::vector<std::string> keywords = {}) {
    std::vector<Node*> inputs{callee};
    inputs.insert(inputs.end(), args.begin(), args.end());
    Node* n = m.apply(g, std::move(inputs), loc());
    n->keywords = std::move(keywords);
    return n;
  }
  Node* k(int64_t v) { return m.constant(v); }
  Node* k(double v) { return m.constant(v); }
  Node* kb(bool v) { return m.constant(v); }
  Node* ks(const std::string& s) { return m.constant(s); }
  Node* kg(Graph* g) { return m.constant(g); }
  Node* kp(Prim p) { return m.constant(p); }
  Node* undef() { return m.constant(fx::ir::Undef{}); }
  Node* none() { return m.constant(fx::ir::NoneVal{}); }

  Value run(Graph* g, std::vector<Value> args = {}) {
    m.renumber();
    return fx::interp::call_graph(m, g, args, options, out);
  }
  // The run-time error message (and its line) of running g; "" when it succeeds.
  std::string error(Graph* g, std::vector<Value> args = {}, uint32_t* line = nullptr) {
    try {
      run(g, std::move(args));
    } catch (const fx::RuntimeError& e) {
      if (line) *line = e.loc.line;
      return e.message;
    }
    return "";
  }
};

// Applies primitive p to constant arguments in a fresh program.
Value prim(Prim p, std::vector<Value> args) {
  Program pr;
  Graph* g = pr.fn("f", {});
  std::vector<Node*> params;
  for (size_t i = 0; i < args.size(); ++i) params.push_back(pr.m.add_param(g, "a" + std::to_string(i), {}));
  g->output = pr.op(g, p, params);
  return pr.run(g, std::move(args));
}

std::string prim_error(Prim p, std::vector<Value> args) {
  try {
    prim(p, std::move(args));
  } catch (const fx::RuntimeError& e) {
    return e.message;
  }
  return "";
}

std::string show(const Value& v) { return fx::interp::format_value(v); }

// Same kind and value (floats bit-exactly, so -0.0 and nan are checked).
void expect_same(const Value& got, const Value& want, const std::string& what) {
  ASSERT_EQ(got.kind(), want.kind()) << what << ": got " << show(got) << ", want " << show(want);
  if (want.kind() == Kind::Float) {
    if (std::isnan(want.as_float())) {
      EXPECT_TRUE(std::isnan(got.as_float())) << what;
    } else {
      EXPECT_EQ(got.as_float(), want.as_float()) << what;
      EXPECT_EQ(std::signbit(got.as_float()), std::signbit(want.as_float())) << what << " (sign of zero)";
    }
  } else {
    EXPECT_TRUE(fx::interp::values_equal(got, want)) << what << ": got " << show(got) << ", want " << show(want);
  }
}

// ------------------------------------------------------------------------ arithmetic
TEST(InterpArith, IntegerFloorDivisionAndModuloFollowPython) {
  struct Case { int64_t a, b, q, r; };
  for (Case c : {Case{7, 2, 3, 1}, Case{-7, 2, -4, 1}, Case{7, -2, -4, -1}, Case{-7, -2, 3, -1},
                 Case{6, 3, 2, 0}, Case{-6, 3, -2, 0}, Case{0, -5, 0, 0}, Case{kMin, -1, kMin, 0},
                 Case{kMin, 1, kMin, 0}, Case{kMax, -1, -kMax, 0}, Case{kMin, 2, kMin / 2, 0}}) {
    std::string what = std::to_string(c.a) + " // " + std::to_string(c.b);
    expect_same(prim(Prim::FloorDiv, {I(c.a), I(c.b)}), I(c.q), what);
    expect_same(prim(Prim::Mod, {I(c.a), I(c.b)}), I(c.r), what);
  }
}

TEST(InterpArith, IntegerDivisionByZeroIsARuntimeError) {
  EXPECT_EQ(prim_error(Prim::FloorDiv, {I(1), I(0)}), "integer division by zero");
  EXPECT_EQ(prim_error(Prim::Mod, {I(-5), I(0)}), "integer modulo by zero");
}

TEST(InterpArith, FloatFloorDivisionAndModuloFollowPython) {
  struct Case { double a, b, q, r; };
  // Expectations from Python 3 (x // y, x % y); division by zero as NumPy (IEEE).
  for (Case c : {Case{-7.5, 2, -4.0, 0.5}, Case{7.5, -2, -4.0, -0.5}, Case{7.5, 2, 3.0, 1.5},
                 Case{5.5, -1.5, -4.0, -0.5}, Case{0.0, -2.0, -0.0, -0.0}, Case{-0.0, 1.0, -0.0, 0.0},
                 Case{-1.0, kInf, -1.0, kInf}, Case{1.0, kInf, 0.0, 1.0}, Case{1.0, 0.0, kInf, kNan},
                 Case{-1.0, 0.0, -kInf, kNan}, Case{0.0, 0.0, kNan, kNan}}) {
    std::string what = std::to_string(c.a) + " // " + std::to_string(c.b);
    expect_same(prim(Prim::FloorDiv, {F(c.a), F(c.b)}), F(c.q), what);
    expect_same(prim(Prim::Mod, {F(c.a), F(c.b)}), F(c.r), what);
  }
  expect_same(prim(Prim::FloorDiv, {I(7), F(2.0)}), F(3.0), "7 // 2.0");
  expect_same(prim(Prim::FloorDiv, {I(-7), F(2.0)}), F(-4.0), "-7 // 2.0");
}

TEST(InterpArith, IntegerOverflowWraps) {
  expect_same(prim(Prim::Add, {I(kMax), I(1)}), I(kMin), "max + 1");
  expect_same(prim(Prim::Sub, {I(kMin), I(1)}), I(kMax), "min - 1");
  expect_same(prim(Prim::Mul, {I(int64_t(1) << 62), I(4)}), I(0), "2^62 * 4");
  expect_same(prim(Prim::Mul, {I(kMax), I(kMax)}), I(1), "max * max");
  expect_same(prim(Prim::Neg, {I(kMin)}), I(kMin), "-min");
  expect_same(prim(Prim::Abs, {I(kMin)}), I(kMin), "abs(min)");
}

TEST(InterpArith, Power) {
  expect_same(prim(Prim::Pow, {I(2), I(10)}), I(1024), "2 ** 10");
  expect_same(prim(Prim::Pow, {I(0), I(0)}), I(1), "0 ** 0");
  expect_same(prim(Prim::Pow, {I(-2), I(3)}), I(-8), "-2 ** 3");
  expect_same(prim(Prim::Pow, {I(2), I(64)}), I(0), "2 ** 64 wraps");
  expect_same(prim(Prim::Pow, {I(3), I(40)}), I(-6289078614652622815), "3 ** 40 wraps");
  expect_same(prim(Prim::Pow, {F(2.0), I(-1)}), F(0.5), "2.0 ** -1");
  expect_same(prim(Prim::Pow, {I(2), F(0.5)}), F(1.4142135623730951), "2 ** 0.5");
  EXPECT_NE(prim_error(Prim::Pow, {I(2), I(-1)}).find("negative power"), std::string::npos);
}

TEST(InterpArith, DivisionIsAlwaysFloat) {
  expect_same(prim(Prim::Div, {I(7), I(2)}), F(3.5), "7 / 2");
  expect_same(prim(Prim::Div, {I(6), I(3)}), F(2.0), "6 / 3");
  expect_same(prim(Prim::Div, {F(1.0), F(0.0)}), F(kInf), "1.0 / 0.0");
  expect_same(prim(Prim::Div, {I(-1), I(0)}), F(-kInf), "-1 / 0");
  expect_same(prim(Prim::Div, {F(0.0), F(0.0)}), F(kNan), "0.0 / 0.0");
}

TEST(InterpArith, MixedIntFloatPromotes) {
  expect_same(prim(Prim::Add, {I(1), F(0.5)}), F(1.5), "1 + 0.5");
  expect_same(prim(Prim::Mul, {F(2.0), I(3)}), F(6.0), "2.0 * 3");
  expect_same(prim(Prim::Sub, {I(1), I(3)}), I(-2), "1 - 3");
}

TEST(InterpArith, BoolIsNotANumber) {
  EXPECT_EQ(prim_error(Prim::Add, {B(true), I(1)}),
            "operator '+' expects numbers (i64 or f64), found bool and i64");
  EXPECT_EQ(prim_error(Prim::Sin, {B(true)}), "'sin' expects a number (i64 or f64), found bool");
  EXPECT_EQ(prim_error(Prim::Lt, {B(true), B(false)}),
            "operator '<' expects numbers (i64 or f64), found bool and bool");
}

TEST(InterpArith, Comparisons) {
  expect_same(prim(Prim::Lt, {I(1), F(1.5)}), B(true), "1 < 1.5");
  expect_same(prim(Prim::Ge, {F(2.0), I(2)}), B(true), "2.0 >= 2");
  expect_same(prim(Prim::Gt, {I(kMax), I(kMax - 1)}), B(true), "exact i64 comparison");
  expect_same(prim(Prim::Eq, {I(1), F(1.0)}), B(true), "1 == 1.0");
  expect_same(prim(Prim::Eq, {F(kNan), F(kNan)}), B(false), "nan == nan");
  expect_same(prim(Prim::Ne, {F(kNan), F(kNan)}), B(true), "nan != nan");
  expect_same(prim(Prim::Lt, {F(kNan), F(1.0)}), B(false), "nan < 1.0");
  expect_same(prim(Prim::Eq, {B(true), B(true)}), B(true), "True == True");
  expect_same(prim(Prim::Not, {B(false)}), B(true), "not False");
  expect_same(prim(Prim::Eq, {Value::tuple({I(1), F(2.0)}), Value::tuple({I(1), F(2.0)})}), B(true), "tuples");
  expect_same(prim(Prim::Eq, {Value::tuple({I(1), F(2.0)}), Value::tuple({I(1), F(2.5)})}), B(false), "tuples");
  expect_same(prim(Prim::Eq, {Value::tuple({I(1)}), Value::tuple({I(1), I(2)})}), B(false), "lengths");
  expect_same(prim(Prim::Eq, {Value::str("a"), Value::str("a")}), B(true), "strings");
  expect_same(prim(Prim::Eq, {Value::none(), Value::none()}), B(true), "None");
}

TEST(InterpArith, MathFunctions) {
  expect_same(prim(Prim::Sin, {I(0)}), F(0.0), "sin(0) is a float");
  expect_same(prim(Prim::Sin, {F(1.0)}), F(std::sin(1.0)), "sin(1.0)");
  expect_same(prim(Prim::Exp, {F(0.0)}), F(1.0), "exp(0.0)");
  expect_same(prim(Prim::Log, {F(0.0)}), F(-kInf), "log(0.0)");
  expect_same(prim(Prim::Sqrt, {F(-1.0)}), F(kNan), "sqrt(-1.0)");
  expect_same(prim(Prim::Sigmoid, {F(0.0)}), F(0.5), "sigmoid(0)");
  expect_same(prim(Prim::Sigmoid, {F(-1000.0)}), F(0.0), "sigmoid(-1000)");
  expect_same(prim(Prim::Sigmoid, {F(1000.0)}), F(1.0), "sigmoid(1000)");
  expect_same(prim(Prim::Softplus, {F(1000.0)}), F(1000.0), "softplus(1000)");
  expect_same(prim(Prim::Softplus, {F(-1000.0)}), F(0.0), "softplus(-1000)");
  expect_same(prim(Prim::Softplus, {F(0.0)}), F(std::log(2.0)), "softplus(0)");
  expect_same(prim(Prim::Floor, {F(-2.5)}), F(-3.0), "floor(-2.5)");
  expect_same(prim(Prim::Ceil, {I(2)}), F(2.0), "ceil(2) is a float");
  expect_same(prim(Prim::Abs, {I(-3)}), I(3), "abs(-3)");
  expect_same(prim(Prim::Abs, {F(-2.5)}), F(2.5), "abs(-2.5)");
  expect_same(prim(Prim::Sign, {I(-7)}), I(-1), "sign(-7)");
  expect_same(prim(Prim::Sign, {F(0.0)}), F(0.0), "sign(0.0)");
  expect_same(prim(Prim::Sign, {F(kNan)}), F(kNan), "sign(nan)");
  expect_same(prim(Prim::Relu, {I(-3)}), I(0), "relu(-3)");
  expect_same(prim(Prim::Relu, {F(2.5)}), F(2.5), "relu(2.5)");
  expect_same(prim(Prim::Relu, {F(-2.5)}), F(0.0), "relu(-2.5)");
  expect_same(prim(Prim::Maximum, {I(1), I(2)}), I(2), "maximum(1, 2)");
  expect_same(prim(Prim::Maximum, {I(1), F(2.5)}), F(2.5), "maximum(1, 2.5)");
  expect_same(prim(Prim::Minimum, {F(kNan), F(1.0)}), F(kNan), "minimum(nan, 1.0)");
  expect_same(prim(Prim::Maximum, {F(1.0), F(kNan)}), F(kNan), "maximum(1.0, nan)");
}

TEST(InterpArith, Conversions) {
  expect_same(prim(Prim::ToF64, {I(3)}), F(3.0), "float(3)");
  expect_same(prim(Prim::ToI64, {F(3.9)}), I(3), "int(3.9)");
  expect_same(prim(Prim::ToI64, {F(-3.9)}), I(-3), "int(-3.9)");
  expect_same(prim(Prim::ToI64, {F(-9223372036854775808.0)}), I(kMin), "int(-2^63)");
  EXPECT_EQ(prim_error(Prim::ToI64, {F(kNan)}), "cannot convert nan to an integer");
  EXPECT_EQ(prim_error(Prim::ToI64, {F(-kInf)}), "cannot convert -inf to an integer");
  EXPECT_EQ(prim_error(Prim::ToI64, {F(9223372036854775808.0)}),
            "cannot convert 9.223372036854776e+18 to an integer: out of the i64 range");
  EXPECT_EQ(prim_error(Prim::MatMul, {F(1.0), F(2.0)}), "matmul needs tensors, found f64 and f64");
}

// ------------------------------------------------------------------------ formatting
TEST(InterpFormat, FloatsAsPythonRepr) {
  struct Case { double x; const char* text; };
  // From python3 -c 'print(repr(x))'.
  for (Case c : {Case{1.0, "1.0"}, Case{0.1, "0.1"}, Case{100.0, "100.0"}, Case{123456789.0, "123456789.0"},
                 Case{1e-05, "1e-05"}, Case{2.5e-10, "2.5e-10"}, Case{1e16, "1e+16"},
                 Case{1.2345678901234568e+17, "1.2345678901234568e+17"}, Case{0.0001, "0.0001"},
                 Case{0.00012345, "0.00012345"}, Case{1e15, "1000000000000000.0"},
                 Case{9999999999999998.0, "9999999999999998.0"}, Case{123456789012345.67, "123456789012345.67"},
                 Case{-0.0, "-0.0"}, Case{0.0, "0.0"}, Case{-1.5, "-1.5"}, Case{1.0 / 3, "0.3333333333333333"},
                 Case{2.0 / 3, "0.6666666666666666"}, Case{1e22, "1e+22"}, Case{1e-7, "1e-07"},
                 Case{5e-324, "5e-324"}, Case{1.7976931348623157e308, "1.7976931348623157e+308"},
                 Case{kInf, "inf"}, Case{-kInf, "-inf"}, Case{kNan, "nan"}, Case{-kNan, "nan"},
                 Case{3.14159, "3.14159"}, Case{0.3, "0.3"}, Case{0.1 + 0.2, "0.30000000000000004"},
                 Case{1e100, "1e+100"}, Case{12345678901234567890.0, "1.2345678901234567e+19"},
                 Case{1234567890123456.0, "1234567890123456.0"}, Case{0.000123, "0.000123"},
                 Case{9007199254740992.0, "9007199254740992.0"}, Case{9.5367431640625e-07, "9.5367431640625e-07"},
                 Case{100.5, "100.5"}, Case{-1e-05, "-1e-05"}, Case{-2.5e+16, "-2.5e+16"}}) {
    EXPECT_EQ(show(F(c.x)), c.text);
  }
}

TEST(InterpFormat, OtherValues) {
  fx::ir::StructDecl linear{"Linear", {}, {{"w", nullptr, {}}, {"b", nullptr, {}}}};
  fx::ir::EnumDecl tree{"Tree", {}, {}};
  auto variant = [&](const char* name, int index, size_t fields) {
    auto v = std::make_unique<fx::ir::VariantDecl>();
    v->name = name;
    v->owner = &tree;
    v->index = index;
    for (size_t i = 0; i < fields; ++i) v->fields.push_back({"f" + std::to_string(i), nullptr, {}});
    tree.variants.push_back(std::move(v));
    return tree.variants.back().get();
  };
  auto* leaf = variant("Leaf", 0, 1);
  auto* node = variant("Node", 1, 2);
  auto* empty = variant("Empty", 2, 0);

  EXPECT_EQ(show(I(42)), "42");
  EXPECT_EQ(show(I(kMin)), "-9223372036854775808");
  EXPECT_EQ(show(B(true)), "True");
  EXPECT_EQ(show(B(false)), "False");
  EXPECT_EQ(show(Value::none()), "None");
  EXPECT_EQ(show(Value::str("hello world")), "hello world");
  EXPECT_EQ(show(Value::tuple({F(1.0), I(2)})), "(1.0, 2)");
  EXPECT_EQ(show(Value::tuple({F(1.0)})), "(1.0,)");
  EXPECT_EQ(show(Value::tuple({})), "()");
  EXPECT_EQ(show(Value::tuple({Value::tuple({}), Value::tuple({I(1)}), Value::tuple({I(1), Value::tuple({I(2)})})})),
            "((), (1,), (1, (2,)))");
  EXPECT_EQ(show(Value::make_struct(&linear, {F(1.0), F(2.0)})), "Linear(w=1.0, b=2.0)");
  EXPECT_EQ(show(Value::variant(node, {Value::variant(leaf, {I(1)}), Value::variant(leaf, {I(2)})})),
            "Node(Leaf(1), Leaf(2))");
  EXPECT_EQ(show(Value::variant(empty, {})), "Empty");
  EXPECT_EQ(show(Value::tuple({Value::variant(empty, {}), Value::make_struct(&linear, {I(1), Value::tuple({})})})),
            "(Empty, Linear(w=1, b=()))");
  EXPECT_EQ(show(Value::prim(Prim::Sin)), "<builtin sin>");
  fx::ir::Module m;
  Graph* g = m.new_graph("square", nullptr, {}, GraphRole::Function);
  EXPECT_EQ(show(Value::closure(g, {})), "<function square>");
  Graph* specialised = m.new_graph("square[f64]", nullptr, {}, GraphRole::Function);
  EXPECT_EQ(show(Value::closure(specialised, {})), "<function square>");
  Graph* lambda = m.new_graph("lambda@3[i64]", nullptr, {}, GraphRole::Lambda);
  EXPECT_EQ(show(Value::closure(lambda, {})), "<function lambda>");
  EXPECT_EQ(fx::interp::type_name(Value::variant(leaf, {I(1)})), "Tree");
  EXPECT_EQ(fx::interp::type_name(Value::tuple({I(1), F(2.0)})), "(i64, f64)");
}

// ------------------------------------------------------------------------ programs
// fib(n) = n if n < 2 else fib(n - 1) + fib(n - 2), through `if` and branch graphs, the
// recursive calls going through fib's own constant.
Graph* build_fib(Program& p) {
  Graph* fib = p.fn("fib", {"n"});
  Node* n = p.param(fib, 0);
  Graph* small = p.fn("fib_then", {}, fib, GraphRole::Branch);
  small->output = n;
  Graph* big = p.fn("fib_else", {}, fib, GraphRole::Branch);
  Node* a = p.call(big, p.kg(fib), {p.op(big, Prim::Sub, {n, p.k(int64_t(1))})});
  Node* b = p.call(big, p.kg(fib), {p.op(big, Prim::Sub, {n, p.k(int64_t(2))})});
  big->output = p.op(big, Prim::Add, {a, b});
  Node* c = p.op(fib, Prim::Lt, {n, p.k(int64_t(2))});
  fib->output = p.op(fib, Prim::If, {c, p.kg(small), p.kg(big)});
  return fib;
}

TEST(InterpRun, RecursionThroughOwnConstant) {
  Program p;
  Graph* fib = build_fib(p);
  // The work is counted in interpreter steps, not timed (timings: bench/complexity/): a
  // call costs a fixed number of steps, so fib(25) takes as many times the steps of fib(20)
  // as it makes calls (242785 against 21891: 11.09 times).
  uint64_t before = fx::interp::counters.steps;
  expect_same(p.run(fib, {I(20)}), I(6765), "fib(20)");
  uint64_t small = fx::interp::counters.steps - before;
  before = fx::interp::counters.steps;
  expect_same(p.run(fib, {I(25)}), I(75025), "fib(25)");
  uint64_t large = fx::interp::counters.steps - before;
  EXPECT_GT(small, 21891u);  // at least a step per call
  EXPECT_NEAR(static_cast<double>(large) / static_cast<double>(small), 242785.0 / 21891.0, 0.05)
      << small << " steps for fib(20), " << large << " for fib(25)";
}

// while (i < n): acc = acc + i; i = i + 1 — the state is the tuple (i, acc).
TEST(InterpRun, WhileLoopOfAMillionIterations) {
  Program p;
  Graph* main = p.fn("sum_to", {"n"});
  Graph* cond = p.fn("cond", {"s"}, main, GraphRole::LoopCond);
  Node* s = p.param(cond, 0);
  cond->output = p.op(cond, Prim::Lt, {p.op(cond, Prim::TupleGet, {s, p.k(int64_t(0))}), p.param(main, 0)});
  Graph* body = p.fn("body", {"s"}, main, GraphRole::LoopBody);
  Node* t = p.param(body, 0);
  Node* i = p.op(body, Prim::TupleGet, {t, p.k(int64_t(0))});
  Node* acc = p.op(body, Prim::TupleGet, {t, p.k(int64_t(1))});
  body->output = p.op(body, Prim::MakeTuple,
                      {p.op(body, Prim::Add, {i, p.k(int64_t(1))}), p.op(body, Prim::Add, {acc, i})});
  Node* init = p.op(main, Prim::MakeTuple, {p.k(int64_t(0)), p.k(int64_t(0))});
  Node* loop = p.op(main, Prim::While, {p.kg(cond), p.kg(body), init});
  main->output = p.op(main, Prim::TupleGet, {loop, p.k(int64_t(1))});
  // A fixed number of steps per iteration, and no heap value per iteration beyond the state
  // tuple: counted, not timed (timings: bench/complexity/).
  uint64_t steps = fx::interp::counters.steps, objects = fx::interp::counters.objects;
  expect_same(p.run(main, {I(1000000)}), I(499999500000), "sum of 0..10^6");
  steps = fx::interp::counters.steps - steps;
  objects = fx::interp::counters.objects - objects;
  EXPECT_GE(steps, 1000000u * 5);  // cond and body: tuple_get, lt; tuple_get x2, add x2, make_tuple
  EXPECT_LE(steps, 1000000u * 10);
  EXPECT_LE(objects, 1000000u * 4) << "heap values per iteration";
}

// make_adder(k) returns `lambda x: x + k`; the closure outlives make_adder's frame.
TEST(InterpRun, ClosureCapturesParentNode) {
  Program p;
  Graph* make = p.fn("make_adder", {"k"});
  Node* k2 = p.op(make, Prim::Mul, {p.param(make, 0), p.k(int64_t(2))});  // a body node, captured
  Graph* add = p.fn("adder", {"x"}, make, GraphRole::Lambda);
  add->output = p.op(add, Prim::Add, {p.param(add, 0), k2});
  make->output = p.kg(add);
  Graph* main = p.fn("main", {});
  Node* f = p.call(main, p.kg(make), {p.k(int64_t(10))});
  Node* g = p.call(main, p.kg(make), {p.k(int64_t(100))});
  main->output = p.op(main, Prim::MakeTuple, {p.call(main, f, {p.k(int64_t(5))}), p.call(main, g, {p.k(int64_t(5))}), f});
  EXPECT_EQ(show(p.run(main)), "(25, 205, <function lambda>)");
}

// A closure returned through `if` is stored in its own parent's frame (a reference cycle
// that the interpreter breaks); calling it afterwards must still see the captured values.
TEST(InterpRun, ClosureReturnedThroughIf) {
  Program p;
  Graph* make = p.fn("make", {"k", "neg"});
  Graph* scale = p.fn("scale", {"x"}, make, GraphRole::Function);
  scale->output = p.op(scale, Prim::Mul, {p.param(scale, 0), p.param(make, 0)});
  Graph* then_g = p.fn("then", {}, make, GraphRole::Branch);
  then_g->output = p.kg(scale);
  Graph* else_g = p.fn("else", {}, make, GraphRole::Branch);
  else_g->output = p.kg(scale);
  Node* r = p.op(make, Prim::If, {p.param(make, 1), p.kg(then_g), p.kg(else_g)});
  Node* unused = p.op(make, Prim::MakeTuple, {r, r});  // keeps `r` out of tail position
  (void)unused;
  make->output = r;
  Graph* main = p.fn("main", {});
  Node* f = p.call(main, p.kg(make), {p.k(3.0), p.kb(true)});
  main->output = p.call(main, f, {p.k(2.0)});
  expect_same(p.run(main), F(6.0), "make(3.0, True)(2.0)");
}

TEST(InterpRun, KeywordArguments) {
  Program p;
  Graph* sub = p.fn("sub", {"a", "b"});
  sub->output = p.op(sub, Prim::Sub, {p.param(sub, 0), p.param(sub, 1)});
  auto calling = [&](std::vector<Node*> args, std::vector<std::string> keywords) {
    Graph* main = p.fn("main", {});
    main->output = p.call(main, p.kg(sub), std::move(args), std::move(keywords));
    return main;
  };
  expect_same(p.run(calling({p.k(int64_t(10)), p.k(int64_t(3))}, {"b"})), I(7), "sub(10, b=3)");
  expect_same(p.run(calling({p.k(int64_t(10)), p.k(int64_t(3))}, {"b", "a"})), I(-7), "sub(b=10, a=3)");
  EXPECT_EQ(p.error(calling({p.k(int64_t(1)), p.k(int64_t(2))}, {"c"})), "sub() has no parameter named 'c'");
  EXPECT_EQ(p.error(calling({p.k(int64_t(1)), p.k(int64_t(2))}, {"a"})), "sub() got two values for parameter 'a'");
  EXPECT_EQ(p.error(calling({p.k(int64_t(1))}, {"b"})), "sub() is missing the argument 'a'");
  EXPECT_EQ(p.error(calling({p.k(int64_t(1))}, {})), "sub() takes 2 arguments, found 1");
  // Keywords also work when the callee is a function value.
  Graph* apply = p.fn("apply_kw", {"f"});
  apply->output = p.call(apply, p.param(apply, 0), {p.k(int64_t(1)), p.k(int64_t(5))}, {"b", "a"});
  Graph* main = p.fn("main", {});
  main->output = p.call(main, p.kg(apply), {p.kg(sub)});
  expect_same(p.run(main), I(4), "apply_kw(sub)");
}

TEST(InterpRun, PrimitiveAsFunctionValue) {
  Program p;
  Graph* apply = p.fn("apply", {"f", "x"});
  apply->output = p.call(apply, p.param(apply, 0), {p.param(apply, 1)});
  Graph* main = p.fn("main", {});
  main->output = p.call(main, p.kg(apply), {p.kp(Prim::Neg), p.k(2.5)});
  expect_same(p.run(main), F(-2.5), "apply(neg, 2.5)");
  EXPECT_EQ(show(p.run(apply, {Value::prim(Prim::Sin), F(0.0)})), "0.0");
  EXPECT_EQ(p.error(apply, {I(3), F(0.0)}), "cannot call a value of type i64: expected a function");
  EXPECT_EQ(p.error(apply, {Value::prim(Prim::Add), F(0.0)}), "builtin add takes 2 arguments, found 1");
}

// Runs `work` on a thread with a stack of `bytes`.
void on_stack(size_t bytes, const std::function<void()>& work) {
  struct Job {
    const std::function<void()>* work;
  } job{&work};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  pthread_t thread;
  ASSERT_EQ(pthread_create(
                &thread, &attr, [](void* j) -> void* { (*static_cast<Job*>(j)->work)(); return nullptr; }, &job),
            0);
  pthread_attr_destroy(&attr);
  pthread_join(thread, nullptr);
}


// r(n) = r(n + 1) in tail position, and s(n) = 1 + s(n + 1) not in tail position.
TEST(InterpRun, CallDepthLimit) {
  Program p;
  Graph* r = p.fn("r", {"n"});
  Node* rcall = p.call(r, p.kg(r), {p.op(r, Prim::Add, {p.param(r, 0), p.k(int64_t(1))})});
  r->output = rcall;
  Graph* s = p.fn("s", {"n"});
  Node* scall = p.call(s, p.kg(s), {p.op(s, Prim::Add, {p.param(s, 0), p.k(int64_t(1))})});
  s->output = p.op(s, Prim::Add, {p.k(int64_t(1)), scall});
  on_stack(kDefaultLimitStack, [&] {
    uint32_t line = 0;
    EXPECT_EQ(p.error(r, {I(0)}, &line), "recursion deeper than 10000 calls");
    EXPECT_EQ(line, rcall->loc.line);
    EXPECT_EQ(p.error(s, {I(0)}, &line), "recursion deeper than 10000 calls");
    EXPECT_EQ(line, scall->loc.line);
    p.options.max_call_depth = 100;
    EXPECT_EQ(p.error(s, {I(0)}), "recursion deeper than 100 calls");
  });
}

// Deep recursion to depth d succeeds at the limit; one more fails.
Graph* build_countdown(Program& p) {
  // down(n) = 0 if n == 0 else 1 + down(n - 1)
  Graph* down = p.fn("down", {"n"});
  Node* n = p.param(down, 0);
  Graph* zero = p.fn("zero", {}, down, GraphRole::Branch);
  zero->output = p.k(int64_t(0));
  Graph* more = p.fn("more", {}, down, GraphRole::Branch);
  Node* rec = p.call(more, p.kg(down), {p.op(more, Prim::Sub, {n, p.k(int64_t(1))})});
  more->output = p.op(more, Prim::Add, {p.k(int64_t(1)), rec});
  down->output = p.op(down, Prim::If, {p.op(down, Prim::Eq, {n, p.k(int64_t(0))}), p.kg(zero), p.kg(more)});
  return down;
}

TEST(InterpRun, DeepRecursionAtTheDefaultLimitOnAnOrdinaryStack) {
  on_stack(kDefaultLimitStack, [] {
    Program p;
    Graph* down = build_countdown(p);
    expect_same(p.run(down, {I(9999)}), I(9999), "down(9999): 10000 calls");
    EXPECT_EQ(p.error(down, {I(10000)}), "recursion deeper than 10000 calls");
  });
}

TEST(InterpRun, DeepRecursionOnALargeStack) {
  on_stack(size_t(1) << 30, [] {
    Program p;
    p.options.max_call_depth = 100000;
    Graph* down = build_countdown(p);
    expect_same(p.run(down, {I(99999)}), I(99999), "down(99999)");
    // AddressSanitizer cannot unwind an exception through more than 64 MiB of stack
    // without false reports afterwards (google/sanitizers#189).
    if (!kSanitized) {
      EXPECT_EQ(p.error(down, {I(100000)}), "recursion deeper than 100000 calls");
    }
  });
}

// Without a usable depth limit, a small stack runs out: a clean error, not a crash.
TEST(InterpRun, StackExhaustionIsAnError) {
  on_stack(size_t(2) << 20, [] {
    Program p;
    p.options.max_call_depth = size_t(1) << 40;
    Graph* down = build_countdown(p);
    std::string message = p.error(down, {I(100000000)});
    EXPECT_EQ(message.rfind("recursion too deep: the interpreter's stack ran out after ", 0), 0u) << message;
    std::cout << "[ stack    ] " << message << "\n";
  });
}

TEST(InterpRun, PrintAssertFail) {
  Program p;
  Graph* main = p.fn("main", {});
  p.op(main, Prim::Print,
       {p.k(int64_t(1)), p.k(2.5), p.ks("hi"), p.op(main, Prim::MakeTuple, {p.k(1.0)}), p.kb(true), p.none()});
  p.op(main, Prim::Print, {});
  main->output = p.op(main, Prim::Assert, {p.kb(true), p.ks("fine")});
  expect_same(p.run(main), Value::none(), "main()");
  EXPECT_EQ(p.out.str(), "1 2.5 hi (1.0,) True None\n\n");

  Graph* bad = p.fn("bad", {});
  // The message is reported verbatim; the lowering words user assertions.
  Node* a = p.op(bad, Prim::Assert, {p.op(bad, Prim::Gt, {p.k(1.0), p.k(2.0)}), p.ks("range() step must not be zero")});
  bad->output = a;
  uint32_t line = 0;
  EXPECT_EQ(p.error(bad, {}, &line), "range() step must not be zero");
  EXPECT_EQ(line, a->loc.line);
  Graph* bare = p.fn("bare", {});
  bare->output = p.op(bare, Prim::Assert, {p.kb(false), p.ks("")});
  EXPECT_EQ(p.error(bare), "assertion failed");
  Graph* lowered = p.fn("lowered", {});  // what the lowering passes for a bare `assert c`
  lowered->output = p.op(lowered, Prim::Assert, {p.kb(false), p.ks("assertion failed")});
  EXPECT_EQ(p.error(lowered), "assertion failed");
  Graph* fail = p.fn("fail", {});
  fail->output = p.op(fail, Prim::Fail, {p.ks("unreachable: x is not defined")});
  EXPECT_EQ(p.error(fail), "unreachable: x is not defined");
  Graph* cond = p.fn("cond", {});
  cond->output = p.op(cond, Prim::Assert, {p.k(int64_t(1)), p.ks("")});
  EXPECT_EQ(p.error(cond), "assert expects a bool, found i64");
}

TEST(InterpRun, UndefinedValues) {
  Program p;
  Graph* ok = p.fn("ok", {});
  Node* t = p.op(ok, Prim::MakeTuple, {p.undef(), p.k(int64_t(1))});
  ok->output = p.op(ok, Prim::TupleGet, {t, p.k(int64_t(1))});
  expect_same(p.run(ok), I(1), "tuples may hold Undef");
  Graph* use = p.fn("use", {});
  Node* u = p.op(use, Prim::TupleGet, {p.op(use, Prim::MakeTuple, {p.undef()}), p.k(int64_t(0))});
  Node* add = p.op(use, Prim::Add, {u, p.k(int64_t(1))});
  use->output = add;
  uint32_t line = 0;
  EXPECT_EQ(p.error(use, {}, &line), "variable used before it is assigned");
  EXPECT_EQ(line, add->loc.line);
  Graph* ret = p.fn("ret", {});
  ret->output = p.undef();
  EXPECT_EQ(p.error(ret), "variable used before it is assigned");
  // An Undef passed to a function is fine until it is used.
  Graph* id = p.fn("id", {"x"});
  id->output = p.k(int64_t(7));
  Graph* main = p.fn("main", {});
  main->output = p.call(main, p.kg(id), {p.undef()});
  expect_same(p.run(main), I(7), "id(undef)");
}

TEST(InterpRun, TupleIndexing) {
  Program p;
  Graph* g = p.fn("g", {"t", "i"});
  g->output = p.op(g, Prim::TupleGet, {p.param(g, 0), p.param(g, 1)});
  Value t = Value::tuple({I(10), I(20), I(30)});
  expect_same(p.run(g, {t, I(-1)}), I(30), "t[-1]");
  EXPECT_EQ(p.error(g, {t, I(3)}), "tuple index 3 is out of range for a tuple of 3 elements");
  EXPECT_EQ(p.error(g, {I(1), I(0)}), "indexing expects a tuple, found i64");
}

struct Decls {
  fx::ir::StructDecl* linear;
  fx::ir::VariantDecl *leaf, *node, *empty;
};

Decls declare(fx::ir::Module& m) {
  auto s = std::make_unique<fx::ir::StructDecl>();
  s->name = "Linear";
  s->fields = {{"w", nullptr, {}}, {"b", nullptr, {}}};
  Decls d{s.get(), nullptr, nullptr, nullptr};
  m.structs.push_back(std::move(s));
  auto e = std::make_unique<fx::ir::EnumDecl>();
  e->name = "Tree";
  auto add = [&](const char* name, std::vector<std::string> fields) {
    auto v = std::make_unique<fx::ir::VariantDecl>();
    v->name = name;
    v->owner = e.get();
    v->index = static_cast<int>(e->variants.size());
    for (auto& f : fields) v->fields.push_back({f, nullptr, {}});
    e->variants.push_back(std::move(v));
    return e->variants.back().get();
  };
  d.leaf = add("Leaf", {"value"});
  d.node = add("Node", {"left", "right"});
  d.empty = add("Empty", {});
  m.enums.push_back(std::move(e));
  return d;
}

TEST(InterpRun, StructsAndVariants) {
  Program p;
  Decls d = declare(p.m);
  Graph* main = p.fn("main", {});
  Node* lin = p.op(main, Prim::MakeStruct, {p.m.constant(d.linear), p.k(1.0), p.k(2.0)});
  Node* lin2 = p.op(main, Prim::SetAttr, {lin, p.ks("b"), p.k(5.0)});
  Node* w = p.op(main, Prim::GetAttr, {lin2, p.ks("b")});
  Node* l1 = p.op(main, Prim::MakeVariant, {p.m.constant(d.leaf), p.k(int64_t(1))});
  Node* l2 = p.op(main, Prim::MakeVariant, {p.m.constant(d.leaf), p.k(int64_t(2))});
  Node* tree = p.op(main, Prim::MakeVariant, {p.m.constant(d.node), l1, l2});
  Node* tag = p.op(main, Prim::VariantTag, {tree});
  Node* right = p.op(main, Prim::VariantField, {tree, p.m.constant(d.node), p.k(int64_t(1))});
  main->output = p.op(main, Prim::MakeTuple, {lin, lin2, w, tree, tag, right, p.m.constant(d.empty)});
  EXPECT_EQ(show(p.run(main)),
            "(Linear(w=1.0, b=2.0), Linear(w=1.0, b=5.0), 5.0, Node(Leaf(1), Leaf(2)), 1, Leaf(2), Empty)");

  Graph* bad = p.fn("bad", {"x"});
  bad->output = p.op(bad, Prim::VariantField, {p.param(bad, 0), p.m.constant(d.node), p.k(int64_t(0))});
  EXPECT_EQ(p.error(bad, {Value::variant(d.leaf, {I(1)})}), "expected the variant Node, found Leaf");
  Graph* attr = p.fn("attr", {"x"});
  attr->output = p.op(attr, Prim::GetAttr, {p.param(attr, 0), p.ks("z")});
  EXPECT_EQ(p.error(attr, {Value::make_struct(d.linear, {F(1.0), F(2.0)})}), "Linear has no field 'z'");
  EXPECT_EQ(p.error(attr, {F(1.0)}), "cannot read field 'z' of a value of type f64: expected a struct");
}

// A million-cell enum list, built by a loop: freeing, comparing and printing it must not
// recurse once per cell on the C++ stack.
TEST(InterpRun, LongListsAreHandledIteratively) {
  Program p;
  Decls d = declare(p.m);
  Graph* build = p.fn("build", {"n"});
  Graph* cond = p.fn("cond", {"s"}, build, GraphRole::LoopCond);
  cond->output = p.op(cond, Prim::Lt, {p.op(cond, Prim::TupleGet, {p.param(cond, 0), p.k(int64_t(0))}),
                                       p.param(build, 0)});
  Graph* body = p.fn("body", {"s"}, build, GraphRole::LoopBody);
  Node* i = p.op(body, Prim::TupleGet, {p.param(body, 0), p.k(int64_t(0))});
  Node* list = p.op(body, Prim::TupleGet, {p.param(body, 0), p.k(int64_t(1))});
  Node* cell = p.op(body, Prim::MakeVariant, {p.m.constant(d.node), p.op(body, Prim::MakeVariant, {p.m.constant(d.leaf), i}), list});
  body->output = p.op(body, Prim::MakeTuple, {p.op(body, Prim::Add, {i, p.k(int64_t(1))}), cell});
  Node* loop = p.op(build, Prim::While,
                    {p.kg(cond), p.kg(body), p.op(build, Prim::MakeTuple, {p.k(int64_t(0)), p.m.constant(d.empty)})});
  build->output = p.op(build, Prim::TupleGet, {loop, p.k(int64_t(1))});
  {
    Value a = p.run(build, {I(1000000)});
    Value b = p.run(build, {I(1000000)});
    EXPECT_TRUE(fx::interp::values_equal(a, b));
    std::string text = show(a);
    EXPECT_EQ(text.substr(0, 40), "Node(Leaf(999999), Node(Leaf(999998), No");
    std::string tail = "Node(Leaf(0), Empty" + std::string(1000000, ')');
    ASSERT_GE(text.size(), tail.size());
    EXPECT_EQ(text.substr(text.size() - tail.size()), tail);
  }  // a and b are freed here
  SUCCEED();
}

}  // namespace
