// Tensors in native code (docs/codegen.md "Tensors"): updates whose old value is dead are in
// place, as in the interpreter, counted in bytes of tensor storage allocated at two sizes (not
// timed); every reference generated code takes is given back (an entry point that ends with a
// tensor still held is an internal error), also when a run-time error unwinds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "driver/compilation.hpp"
#include "fluxion/fx_rt.h"
#include "fluxion/runtime/runtime.hpp"
#include "support/diagnostics.hpp"

namespace {

namespace rt = fx::rt;

// Runs main() of `source` with `engine` (natively: a construct the C back end lacks is a test
// failure); returns what it printed, or "error: LINE: MESSAGE".
std::string run_with(const std::string& source, fx::driver::Engine engine) {
  static int counter = 0;
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string stem = "fluxion_codegen_tensor_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  const std::string path = (dir / (stem + ".fx")).string();
  std::ofstream(path) << source;
  fx::driver::Options options;
  options.engine = engine;
  options.jit.use_cache = false;
  std::ostringstream out;
  try {
    fx::driver::Compilation c(options);
    c.load_file(path);
    c.run_main(out);
  } catch (const fx::RuntimeError& e) {
    out << "error: " << e.loc.line << ": " << e.message;
  } catch (const fx::CompileError& e) {
    out << "compile error: " << e.loc.line << ": " << e.message;
  } catch (const fx::InternalError& e) {
    out << "internal error: " << e.where << ": " << e.message;
  }
  std::filesystem::remove(path);
  return out.str();
}

std::string run_native(const std::string& source) { return run_with(source, fx::driver::Engine::Native); }

TEST(CodegenTensor, UpdatesInALoopDoNotCopyTheTensor) {
  auto bytes = [&](int64_t n) {
    std::string program = "def main():\n    x = zeros(" + std::to_string(n) + ")\n    for i in range(" +
                          std::to_string(n) + "):\n        x[i] = 1.0\n    print(sum(x))\n";
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run_native(program), std::to_string(n) + ".0\n");
    return rt::allocated_bytes() - before;
  };
  int64_t small = bytes(2000), large = bytes(20000);
  // In place: the zeros and a few small results; a copy per update would be 8 n^2 bytes.
  EXPECT_LT(large, 4 * 8 * 20000) << small << " bytes for 2000 updates, " << large << " for 20000";
  EXPECT_LT(large, 12 * small) << small << " bytes for 2000 updates, " << large << " for 20000";
}

// A loop's backward pass adds x[t]'s cotangent (and a row's, m[t]) into its accumulator in
// place (src/opt/tangent_sums.cpp), and the tensor it captures without a derivative gets no
// cotangent per iteration: a dense zero and sum per iteration would be 2 * 8 n^2 bytes.
TEST(CodegenTensor, ALoopGradientAccumulatesCotangentsInPlace) {
  auto bytes = [&](int64_t n) {
    std::string program =
        "def f(w, xs, m, unused):\n    h = 0.0\n    for t in range(len(xs)):\n"
        "        h = tanh(h * w + xs[t] + sum(m[t]) * 0.001 + stop_gradient(unused[t]))\n    return h\n"
        "def main():\n    n = " + std::to_string(n) + "\n"
        "    g = grad(f, (1, 2))(0.5, ones(n) * 0.001, ones((n, 2)) * 0.001, ones(n))\n"
        "    print(sum(g[0]) > 0.0, sum(g[1]) > 0.0)\n";
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run_native(program), "True True\n");
    return rt::allocated_bytes() - before;
  };
  int64_t small = bytes(2000), large = bytes(20000);
  // About 136 n bytes: the inputs and the products that scale them (56 n), the accumulators
  // and a copy of each at the first addition (48 n), a row's cotangent per iteration (16 n).
  EXPECT_LT(large, 40 * 8 * 20000) << small << " bytes for 2000 iterations, " << large << " for 20000";
  EXPECT_LT(large, 12 * small) << small << " bytes for 2000 iterations, " << large << " for 20000";
}

TEST(CodegenTensor, ComprehensionsAppendInPlace) {
  auto bytes = [&](int64_t n) {
    std::string program = "def main():\n    xs = [i * 2 for i in range(" + std::to_string(n) + ")]\n    print(len(xs), xs[-1])\n";
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run_native(program), std::to_string(n) + " " + std::to_string(2 * (n - 1)) + "\n");
    return rt::allocated_bytes() - before;
  };
  int64_t small = bytes(2000), large = bytes(20000);
  // Rows go into a buffer that doubles: a few times 8 bytes per row in all (a copy per row
  // would be 8 n^2 / 2 bytes: 1.6 GB for 20000 rows).
  EXPECT_LT(large, 64 * 20000) << small << " bytes for 2000 rows, " << large << " for 20000";
  EXPECT_LT(large, 20 * small) << small << " bytes for 2000 rows, " << large << " for 20000";
}

TEST(CodegenTensor, AnErrorGivesBackTheTensorsTheFramesHeld) {
  EXPECT_EQ(run_native("def f(x, i):\n    y = x * 2.0\n    return y[i]\n\ndef main():\n    x = ones(3)\n"
                       "    print(f(x, 1))\n    print(f(x, 5))\n"),
            "2.0\nerror: 3: index 5 is out of range for axis 0 of size 3");
  EXPECT_EQ(fx_rt_tensors_live(), 0);
}

TEST(CodegenTensor, SharedTensorsAreNotUpdatedInPlace) {
  EXPECT_EQ(run_native("def main():\n    x = zeros(3)\n    y = x\n    x[0] = 1.0\n    print(x, y)\n"),
            "[1.0, 0.0, 0.0] [0.0, 0.0, 0.0]\n");
  EXPECT_EQ(run_native("def main():\n    x = zeros(2)\n    xs = (x, x)\n    for i in range(2):\n        x[i] = 1.0\n"
                       "    print(x, xs)\n"),
            "[1.0, 1.0] ([0.0, 0.0], [0.0, 0.0])\n");
}

// A fused sum (or mean) adds the elements in the runtime's pairwise order, so it has the
// unfused result's bits (printed as the shortest text that reads back as the same double) at every length: one
// leaf of at most 128 elements, a remainder after the groups of four, several levels of halves.
TEST(CodegenTensor, AFusedSumHasTheBitsOfTheUnfusedSum) {
  std::string source = "def part(x, m):\n    return sum(exp(x - m) * x)\n\n"
                       "def average(x, m):\n    return mean(exp(x - m) * x)\n\ndef main():\n";
  for (int n : {1, 7, 128, 129, 1000, 4099, 100003}) {
    const std::string x = "[float(i % 97) / 13.0 for i in range(" + std::to_string(n) + ")]";
    const std::string rows = "reshape(" + x + " * 0.5 + [" + x + "] * 0.0 + [[1.0], [2.0]], (2, " + std::to_string(n) + "))";
    // The rows minus a vector broadcast over them (a suffix input, read with a wrapping counter).
    source += "    print(part(" + x + ", 0.3), average(" + x + ", 0.3), part(" + rows + ", " + x + "))\n";
  }
  EXPECT_EQ(run_native(source), run_with(source, fx::driver::Engine::Interpreter));
}

// Fusion (docs/opt.md "Fusion"): sum(exp(x - m)) runs as one loop into a scalar, so repeating
// it allocates no tensor storage at all (unfused: x - m and exp(..), 2 * 8 n bytes each time).
// m changes with the iteration: a loop-invariant chain would be hoisted out of the loop.
TEST(CodegenTensor, AFusedSumAllocatesNothing) {
  auto bytes = [&](int64_t repeats) {
    std::string source = "def part(x, m):\n    return sum(exp(x - m))\n\ndef main():\n"
                         "    x = [float(i) / 1000.0 for i in range(1000)]\n    total = 0.0\n"
                         "    for r in range(" + std::to_string(repeats) + "):\n"
                         "        total = total + part(x, 0.5 + float(r))\n    print(total > 0.0)\n";
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run_native(source), "True\n");
    return rt::allocated_bytes() - before;
  };
  EXPECT_EQ(bytes(1000), bytes(10));
}

// An elementwise chain, exp(x - m) * x, writes one tensor per evaluation (unfused: three).
TEST(CodegenTensor, AFusedChainAllocatesOneTensor) {
  auto bytes = [&](int64_t repeats) {
    std::string source = "def part(x, m):\n    return exp(x - m) * x\n\ndef main():\n"
                         "    x = [float(i) / 1000.0 for i in range(1000)]\n    total = 0.0\n"
                         "    for r in range(" + std::to_string(repeats) + "):\n"
                         "        total = total + part(x, 0.5 + float(r))[1]\n    print(total > 0.0)\n";
    int64_t before = rt::allocated_bytes();
    EXPECT_EQ(run_native(source), "True\n");
    return rt::allocated_bytes() - before;
  };
  EXPECT_EQ(bytes(110) - bytes(10), 100 * 8 * 1000);
}

}  // namespace

// ---------------------------------------------------------------- direct kernels
// Where types show tensors of rank >= 1 and numbers, a tensor primitive calls its family's
// direct kernel (fx_rt_op, src/native_abi/direct_ops.cpp) instead of going through
// interpreter values (fx_rt_apply); values, dtypes and messages stay the interpreter's.
namespace {

std::string c_of(const std::string& source, const std::string& fn) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("fluxion_direct_" + std::to_string(::getpid()) + ".fx")).string();
  std::ofstream(path) << source;
  fx::driver::Options options;
  fx::driver::Compilation c(options);
  c.load_file(path);
  std::string text = c.c_text(fn);
  std::filesystem::remove(path);
  return text;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST(CodegenTensor, RankedOperandsCallTheirFamilysDirectKernel) {
  const std::string text = c_of(
      "def f(x, y, m):\n    return sum(where(m @ x > 0.0, exp(x) * 2.0, y), axis=0)\n"
      "def main():\n    print(f(ones(2), zeros(2), ones((2, 2))))\n",
      "f");
  // matmul, gt, exp (in the fused kernel's fallback, where its loop into a new tensor declines
  // the operand's layout), where, sum to a number: every one direct.
  // The fallback's mul with a weak scalar computes into exp's result, which dies there
  // (elementwise_loops.cpp): its runtime path takes that operand, so it is fx_apply's.
  EXPECT_EQ(count(text, "fx_op("), 5u) << text;
  EXPECT_EQ(count(text, "fx_tensor_unique("), 1u) << text;
  for (const char* prim : {"matmul", "gt", "exp", "where", "sum"}) {
    const size_t at = text.find(std::string("FX_PRIM_ID(\"") + prim + "\")");
    ASSERT_NE(at, std::string::npos) << prim << "\n" << text;
    const size_t line = text.find_first_not_of(' ', text.rfind('\n', at) + 1);
    EXPECT_EQ(text.compare(line, 6, "fx_op("), 0) << prim << "\n" << text;
  }
  EXPECT_EQ(count(text, "fx_apply("), 1u) << text;
  const size_t mul = text.find("FX_PRIM_ID(\"mul\")");
  ASSERT_NE(mul, std::string::npos) << text;
  EXPECT_NE(text.substr(text.rfind('\n', mul) + 1, mul - text.rfind('\n', mul)).find("fx_apply("), std::string::npos) << text;
}

TEST(CodegenTensor, DirectKernelsComputeAndFailAsTheInterpreterDoes) {
  const char* programs[] = {
      // values: weak scalars of each kind, bool results, reductions to numbers and tensors
      "def main():\n    x = ones((2, 3))\n    print(x * 2, x + True, 1.5 - x, x > 0.5, sum(x, axis=1), mean(x, None, True))\n",
      "def main():\n    x = arange(6)\n    print(x // 2, x * 2.5, -x, max(x), log_softmax(ones((2, 2)) * 1.0, -1))\n",
      "def main():\n    print(unbroadcast_test(ones((2, 3))))\ndef unbroadcast_test(x):\n    return grad(lambda b: sum(x + b))(ones(3))\n",
      // errors at the node, in the interpreter's words
      "def main():\n    print(ones(2) + ones(3))\n",
      "def main():\n    print(ones((2, 3)) @ ones(2))\n",
      "def main():\n    print(sum(ones(3), axis=2))\n",
      "def main():\n    print(log_softmax(ones((2, 2)), 5))\n",
      "def main():\n    x = arange(4)\n    print(x // 0)\n",
      // operands a kernel declines, evaluated the fx_rt_apply way: its messages
      "def main():\n    print(where(ones(2), ones(2), 0.0))\n",
      "def main():\n    print(not_of(ones(2)))\ndef not_of(x):\n    return not x\n",
  };
  for (const char* source : programs)
    EXPECT_EQ(run_native(source), run_with(source, fx::driver::Engine::Interpreter)) << source;
}
