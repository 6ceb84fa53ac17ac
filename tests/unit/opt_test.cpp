// The optimiser (docs/opt.md): every pass keeps the program verifiable, each pass's rewrite on
// a small program, and the effects and errors it must keep. Programs go through the driver
// (fluxion ir --stage opt and run), so what is checked is what the CLI does.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "driver/compilation.hpp"
#include "opt/optimiser.hpp"
#include "support/diagnostics.hpp"
#include "types/type.hpp"
#include "types/type_verifier.hpp"

using namespace fx;
namespace fs = std::filesystem;

namespace {

std::string write_program(const std::string& text) {
  static int counter = 0;
  fs::path p = fs::temp_directory_path() /
               ("fluxion_opt_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".fx");
  std::ofstream(p) << text;
  return p.string();
}

// Gradients in reverse mode: these tests read reverse mode's derivative code, which forward
// mode (the default for a function of one f64, docs/opt.md) would replace.
driver::Options options(int level) {
  driver::Options o;
  o.opt.level = level;
  o.opt.forward_grads = false;
  return o;
}

// `fluxion ir FILE --fn NAME --stage opt` (or typed, with level 0).
std::string ir_of(const std::string& source, const std::string& fn, int level = 1) {
  driver::Compilation c(options(level));
  std::string path = write_program(source);
  c.load_file(path);
  std::string text = c.ir_text(fn, level ? "opt" : "typed");
  fs::remove(path);
  return text;
}

// The printed output of `fluxion run`, or "error LINE:COL: message".
std::string run(const std::string& source, int level = 1) {
  driver::Compilation c(options(level));
  std::string path = write_program(source);
  std::ostringstream out;
  try {
    c.load_file(path);
    c.run_main(out);
  } catch (const RuntimeError& e) {
    out << "error " << e.loc.line << ":" << e.loc.col << ": " << e.message;
  } catch (const CompileError& e) {
    out << "compile error " << e.loc.line << ":" << e.loc.col << ": " << e.message;
  }
  fs::remove(path);
  return out.str();
}

// The body lines of the printed IR (without the graph header and comments).
int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(Optimiser, VerifiersRunAfterEveryPassThatChangedTheProgram) {
  driver::Compilation c(options(0));
  std::string path = write_program(
      "def sq(x):\n    return x * x\n"
      "def main():\n    t = (sq(2.0), 3.0)\n    print(t[0] * 1.0)\n");
  c.load_file(path);
  fs::remove(path);
  ir::Graph* main_graph = c.checker().specialise(c.module().find_function("main"), {});
  ASSERT_NE(main_graph, nullptr);
  std::vector<std::string> stages;
  opt::OptOptions o;
  opt::optimise(c.module(), c.checker(), o, [&](const std::string& stage) {
    stages.push_back(stage);
    ir::verify(c.module(), stage);
    c.checker().verify_types(stage, fx::types::ExpansionNodes::Typed);
  });
  ASSERT_FALSE(stages.empty());
  EXPECT_EQ(stages.front(), "optimisation pass 'inline'");
  bool projected = false;
  for (const auto& s : stages) projected |= s == "optimisation pass 'project'";
  EXPECT_TRUE(projected);
}

TEST(Optimiser, TypeVerifierNamesThePassThatBrokeTypes) {
  driver::Compilation c(options(0));
  std::string path = write_program("def main():\n    x = arg(0, 2.0)\n    print(x + 1.0)\n");
  c.load_file(path);
  fs::remove(path);
  ir::Graph* g = c.checker().specialise(c.module().find_function("main"), {});
  // What a faulty pass could do: give a node a type its primitive does not produce.
  for (ir::Node* n : g->body)
    if (n->is_prim_apply(ir::Prim::Add)) n->type = c.checker().store().i64();
  try {
    c.checker().verify_types("optimisation pass 'fold'", fx::types::ExpansionNodes::Typed);
    FAIL() << "the type verifier accepted an add typed i64 on f64 operands";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.where).find("optimisation pass 'fold'"), std::string::npos) << e.where;
  }
}

TEST(Optimiser, InliningAndProjectionRemoveTheTuple) {
  std::string text = ir_of(
      "def pair(x):\n    return (x * 2.0, x + 1.0)\n"
      "def f(x: f64):\n    p = pair(x)\n    return p[0] + p[1]\n",
      "f");
  EXPECT_EQ(count(text, "call "), 0) << text;
  EXPECT_EQ(count(text, "make_tuple"), 0) << text;
  EXPECT_EQ(count(text, "tuple_get"), 0) << text;
  EXPECT_EQ(count(text, "mul("), 1) << text;
}

TEST(Optimiser, HigherOrderCallOfAKnownFunctionBecomesDirectAndIsInlined) {
  std::string text = ir_of(
      "def sq(x):\n    return x * x\n"
      "def apply(f, x):\n    return f(x) + 1.0\n"
      "def g(x: f64):\n    return apply(sq, x)\n",
      "g");
  EXPECT_EQ(count(text, "closure_at"), 0) << text;
  EXPECT_EQ(count(text, "call "), 0) << text;
  EXPECT_EQ(count(text, "mul("), 1) << text;
}

TEST(Optimiser, ConstantsFoldWithTheInterpretersArithmetic) {
  std::string text = ir_of("def f(x: i64):\n    return x + (7 // 2) * 3 - 2 ** 3\n", "f");
  EXPECT_EQ(count(text, "floordiv"), 0) << text;
  EXPECT_EQ(count(text, "pow"), 0) << text;
  EXPECT_EQ(run("def main():\n    print(7 // -2, -7 % 3, 2 ** 62 * 4, 1.0 / 3.0, str(0.1 + 0.2))\n"),
            run("def main():\n    print(7 // -2, -7 % 3, 2 ** 62 * 4, 1.0 / 3.0, str(0.1 + 0.2))\n", 0));
}

TEST(Optimiser, AFoldThatWouldFailStaysAndFailsWhereWritten) {
  const char* program = "def main():\n    print(1)\n    x = 1 // 0\n    print(2)\n";
  EXPECT_EQ(run(program), "1\nerror 3:11: integer division by zero");
  EXPECT_EQ(run(program), run(program, 0));
}

TEST(Optimiser, DeadCodeThatCanFailIsKept) {
  // The index is dead, but out of range: the error is the program's behaviour.
  const char* program = "def main():\n    v = [1.0, 2.0]\n    y = v[arg(0, 5)]\n    print(1)\n";
  EXPECT_EQ(run(program), run(program, 0));
  EXPECT_NE(run(program).find("error 3:"), std::string::npos) << run(program);
}

TEST(Optimiser, EffectsStayInOrder) {
  const char* program =
      "def log(x):\n    print(x)\n    return x\n"
      "def main():\n    a = log(1.0)\n    b = log(2.0)\n    c = a * 0.0\n    assert b > 1.0, \"b\"\n    print(a + b)\n";
  EXPECT_EQ(run(program), "1.0\n2.0\n3.0\n");
}

TEST(Optimiser, FloatIdentitiesAreOnlyTheExactOnes) {
  std::string text = ir_of(
      "def f(x: f64):\n    return (x * 1.0, x + 0.0, x * 0.0, x - x, x - 0.0, -(-x))\n", "f");
  // x * 1.0, x - 0.0 and -(-x) are x; x + 0.0 (-0.0), x * 0.0 (inf, nan) and x - x stay.
  EXPECT_EQ(count(text, "add("), 1) << text;
  EXPECT_EQ(count(text, "mul("), 1) << text;
  EXPECT_EQ(count(text, "sub("), 1) << text;
  EXPECT_EQ(count(text, "neg("), 0) << text;
  EXPECT_EQ(run("def main():\n    x = -0.0\n    y = 1e308 * 10.0\n    print(x + 0.0, y * 0.0, y - y, x * 1.0)\n"),
            "0.0 nan nan -0.0\n");
}

TEST(Optimiser, IntegerRingIdentities) {
  std::string text = ir_of("def f(x: i64):\n    return (x * 0, x - x, x + 0, 1 * x)\n", "f");
  EXPECT_EQ(count(text, "mul("), 0) << text;
  EXPECT_EQ(count(text, "sub("), 0) << text;
  EXPECT_EQ(count(text, "add("), 0) << text;
}

TEST(Optimiser, LoopInvariantsLeaveTheLoop) {
  std::string source =
      "def f(a: f64, n: i64):\n    s = 0.0\n    for i in range(n):\n        s = s + a * 2.0\n    return s\n";
  std::string text = ir_of(source, "f");
  // a * 2.0 now sits in f's own body, before the while; the body only adds.
  size_t mul = text.find("mul(");
  size_t loop = text.find("while(");
  ASSERT_NE(mul, std::string::npos) << text;
  EXPECT_LT(mul, loop) << text;
  EXPECT_EQ(run("def f(a, n):\n    s = 0.0\n    for i in range(n):\n        s = s + a * 2.0\n    return s\n"
                "def main():\n    print(f(1.5, 3), f(1.5, 0))\n"),
            "9.0 0.0\n");
}

TEST(Optimiser, RecursionIsNotInlinedAndMaxDepthStillCounts) {
  std::string text = ir_of("def count(n: i64):\n    if n == 0:\n        return 0\n    return 1 + count(n - 1)\n", "count");
  EXPECT_GE(count(text, "call @count"), 1) << text;
}

TEST(Optimiser, OptZeroLeavesTheTypedProgram) {
  std::string path = write_program("def f(x: f64):\n    return x * 1.0\n");
  auto text = [&](const char* stage) {
    driver::Compilation c(options(0));
    c.load_file(path);
    return c.ir_text("f", stage);
  };
  std::string typed = text("typed");
  EXPECT_EQ(text("opt"), typed);
  EXPECT_EQ(count(typed, "mul("), 1) << typed;
  fs::remove(path);
}

TEST(Optimiser, AnErrorInInlinedCodeIsLocatedWhereItIsWritten) {
  const char* program = "def helper(a, b):\n    return a // b\n\ndef main():\n    print(helper(7, arg(0, 0)))\n";
  std::string text = ir_of(program, "main");
  EXPECT_EQ(count(text, "call "), 0) << text;  // helper was inlined ...
  EXPECT_EQ(run(program), "error 2:14: integer division by zero");  // ... its error is still its own
}

TEST(Optimiser, CheckNanKeepsDeadFloatOperations) {
  const char* program = "def helper(x):\n    y = log(x)\n    return 1.0\n\ndef main():\n    print(helper(-1.0))\n";
  driver::Options o = options(1);
  o.interp.check_nan = true;
  driver::Compilation c(o);
  std::string path = write_program(program);
  c.load_file(path);
  std::ostringstream out;
  try {
    c.run_main(out);
    FAIL() << "the dead log(-1.0) was removed under --check-nan";
  } catch (const RuntimeError& e) {
    EXPECT_EQ(e.loc.line, 2u);
    EXPECT_NE(e.message.find("log produced nan"), std::string::npos) << e.message;
  }
  fs::remove(path);
  EXPECT_EQ(run(program), "1.0\n");  // without the flag the dead log goes
}

TEST(Optimiser, ConstantConditionTakesItsBranch) {
  std::string text = ir_of("def f(x: f64):\n    if 2 > 1:\n        return x * 3.0\n    return x\n", "f");
  EXPECT_EQ(count(text, "if("), 0) << text;
  EXPECT_EQ(count(text, "mul("), 1) << text;
}

TEST(Optimiser, EqualGradHooksStayTwoHooks) {
  // CSE would merge the two grad_hook(x, hook) nodes, and reverse mode would call the hook
  // once with the sum instead of twice.
  const char* program =
      "def hook(g):\n    print(\"hook\", g)\n    return g\n"
      "def f(x):\n    return grad_hook(x, hook) * 2.0 + grad_hook(x, hook) * 3.0\n"
      "def main():\n    print(grad(f)(1.0))\n";
  std::string optimised = run(program);
  EXPECT_EQ(optimised, run(program, 0));
  EXPECT_EQ(count(optimised, "hook"), 2) << optimised;
}

TEST(Optimiser, MergedTensorLiteralsStayIndependentValues) {
  const char* program =
      "def main():\n    a = [1.0, 2.0]\n    b = [1.0, 2.0]\n    a[0] = 5.0\n    print(a, b)\n";
  EXPECT_EQ(run(program), "[5.0, 2.0] [1.0, 2.0]\n");
}

// Fusion (docs/opt.md "Fusion") joins an elementwise chain and the sum it feeds into one kernel...
TEST(Optimiser, AChainAndItsSumBecomeOneKernel) {
  std::string text = ir_of("def f(x, m):\n    return sum(log(x - m))\n\ndef main():\n    print(f([2.0, 3.0], 1.0))\n", "f");
  EXPECT_EQ(count(text, "fused("), 1) << text;
  EXPECT_EQ(count(text, "sum("), 1) << text;  // inside the kernel
}

// ... but not under --check-nan, whose report names the primitive that made the nan (a fused
// loop has no node per operation), natively or not.
TEST(Optimiser, CheckNanReportsThePrimitiveInAChainFusionWouldJoin) {
  const char* program = "def f(x, m):\n    return sum(log(x - m))\n\ndef main():\n    print(f([2.0, 0.5], 1.0))\n";
  driver::Options o = options(1);
  o.interp.check_nan = true;
  driver::Compilation c(o);
  std::string path = write_program(program);
  c.load_file(path);
  std::ostringstream out;
  try {
    c.run_main(out);
    FAIL() << "log of a negative number was not reported under --check-nan";
  } catch (const RuntimeError& e) {
    EXPECT_EQ(e.loc.line, 2u);
    EXPECT_EQ(e.loc.col, 19u);  // the log's node (where the interpreter's report points too)
    EXPECT_NE(e.message.find("log produced a tensor containing nan"), std::string::npos) << e.message;
  }
  fs::remove(path);
  EXPECT_EQ(run(program), "nan\n");  // without the flag: NumPy's nan, fused or not
}

// Programs that apply a derivative operator run in the interpreter, where a kernel would only
// be an extra call: they are not fused (docs/opt.md says so).
TEST(Optimiser, ProgramsThatDifferentiateAreNotFused) {
  std::string text = ir_of("def f(x, m):\n    return sum(exp(x - m))\n\ndef main():\n"
                           "    print(f([2.0, 3.0], 1.0), grad(lambda m: m * m)(1.0))\n", "f");
  EXPECT_EQ(count(text, "fused("), 0) << text;
  EXPECT_EQ(count(text, "exp("), 1) << text;
}

// ---------------------------------------------------------------- derivative code (tangents)
namespace {

// The primitives of the derivative code `fluxion emit-c` compiles (after the optimiser's
// second run, docs/opt.md "Derivative code"), each written "prim:kind of its type", and
// set_index with its spec: "set_index:+i".
std::multiset<std::string> derivative_prims(const std::string& source) {
  driver::Compilation c(options(1));
  std::string path = write_program(source);
  c.load_file(path);
  c.c_text("");
  fs::remove(path);
  // The graphs main() reaches (the module keeps the generated graphs inlining copied too).
  std::vector<const ir::Graph*> todo;
  for (const auto& g : c.module().graphs)
    if (g->name.rfind("main", 0) == 0) todo.push_back(g.get());  // its clones: "main[]"
  std::set<const ir::Graph*> reached;
  while (!todo.empty()) {
    const ir::Graph* g = todo.back();
    todo.pop_back();
    if (!reached.insert(g).second) continue;
    for (const ir::Node* n : g->body)
      for (const ir::Node* in : n->inputs)
        if (in->holds_graph()) todo.push_back(in->as_graph());
  }
  std::multiset<std::string> out;
  for (const ir::Graph* g : reached)
    for (const ir::Node* n : g->body) {
      ir::Prim p;
      if (!n->prim_callee(&p) || !n->type) continue;
      std::string what = std::string(ir::prim_name(p)) + ":";
      if (p == ir::Prim::SetIndex) what += n->arg(1)->as_str();
      else what += n->type->kind == types::TypeKind::Tensor ? "tensor"
                   : n->type->kind == types::TypeKind::Tuple ? "tuple" : "other";
      out.insert(what);
    }
  return out;
}

const char* kRnn =
    "def f(w, xs):\n    h = 0.0\n    for t in range(len(xs)):\n        h = tanh(h * w + xs[t])\n    return h\n\n"
    "def main():\n    print(grad(f, (0, 1))(0.5, [1.0, 2.0, 3.0]))\n";

}  // namespace

// The loop's backward pass adds the cotangent of xs[t] into its accumulator at t: no tensor
// sum, no sum of tuples is left (the accumulator is taken apart), and the one tensor zero is
// the accumulator's start, made once before the loop (zero-parts takes the zero of the
// loop's env apart; it was part of a tuple's zero before).
TEST(Optimiser, AScatterIntoZerosIsAddedAtItsPlace) {
  auto prims = derivative_prims(kRnn);
  EXPECT_EQ(prims.count("set_index:+i"), 1u);
  EXPECT_EQ(prims.count("set_index:i"), 0u);
  EXPECT_EQ(prims.count("add_tangent:tensor"), 0u);
  EXPECT_EQ(prims.count("zeros_like:tensor"), 1u);
  EXPECT_EQ(prims.count("zeros_like:tuple"), 0u);
  EXPECT_EQ(prims.count("add_tangent:tuple"), 0u);
  EXPECT_EQ(run(kRnn), run(kRnn, 0));
}

// A row of a matrix (m[t]), and two reads in one body (xs[t], xs[t + 1]): each added at its
// place, one after the other, as the interpreter adds a lazy zero's entries.
TEST(Optimiser, RowsAndSeveralReadsAreAddedOneByOne) {
  const char* program =
      "def f(m, xs):\n    s = 0.0\n    for t in range(2):\n        s = s + sum(m[t] * xs[t]) + xs[t + 1]\n    return s\n\n"
      "def main():\n    print(grad(f, (0, 1))([[1.0, 2.0], [3.0, 4.0]], [0.5, 0.25, 2.0]))\n";
  auto prims = derivative_prims(program);
  EXPECT_EQ(prims.count("set_index:+i"), 3u);
  EXPECT_EQ(prims.count("add_tangent:tensor"), 0u);
  // The accumulators' starts, m's and xs's, once before the loop (zero-parts).
  EXPECT_EQ(prims.count("zeros_like:tensor"), 2u);
  EXPECT_EQ(prims.count("zeros_like:tuple"), 0u);
  EXPECT_EQ(run(program), "([[0.5, 0.5], [0.25, 0.25]], [3.0, 8.0, 1.0])\n");
}

// A tensor the loop reads without a derivative gets no cotangent: the sum with its zero goes.
TEST(Optimiser, ASumWithATensorZeroIsTheOtherOperand) {
  const char* program =
      "def f(w, xs):\n    h = 0.0\n    for t in range(len(xs)):\n        h = h * w + stop_gradient(xs[t])\n    return h\n\n"
      "def main():\n    print(grad(f)(0.5, [1.0, 2.0, 3.0]))\n";
  auto prims = derivative_prims(program);
  EXPECT_EQ(prims.count("add_tangent:tensor"), 0u);
  EXPECT_EQ(prims.count("zeros_like:tensor"), 0u);
  EXPECT_EQ(run(program), "3.0\n");
}

// Outside a loop the rules keep the values: a gradient of two reads and a slice, against the
// unoptimised program.
TEST(Optimiser, TangentSumsKeepTheValues) {
  const char* program =
      "def f(xs):\n    return xs[0] * xs[2] + sum(xs[1:3] * xs[1:3]) + xs[0]\n\n"
      "def main():\n    print(grad(f)([-0.0, 2.0, 3.0]), grad(f)([1.0, 2.0, 3.0]))\n";
  EXPECT_EQ(run(program), run(program, 0));
  EXPECT_EQ(run(program), "[4.0, 4.0, 6.0] [4.0, 4.0, 7.0]\n");
}
