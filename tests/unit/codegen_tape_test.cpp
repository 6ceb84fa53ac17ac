// A counted loop's tape in native code (docs/codegen.md "Derivatives", "Linear tapes"): made
// with room for the loop's trip count. Where only the loop pushes onto it, once per iteration
// (codegen/linear_tapes.hpp), fx_linear_tape_L_* makes it with exactly that room and the pushes
// do not check it: the count comes from the lowering (ir.md: the condition holds exactly trips
// times), so no program can make it wrong. Elsewhere fx_tape_L_* makes it, and the generated C
// must still be right if the count were wrong (a push onto a full tape grows it, as a plain
// while's tape grows). Here the C of a gradient is compiled with that count replaced by wrong
// ones, and each must print the right gradient and give back every box (the entry point
// reports a leak as an error).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>

#include "codegen/jit.hpp"
#include "driver/compilation.hpp"

namespace {

const std::string kPowerDefinition =
    "def power(x, y, n):\n"
    "    r = x\n"
    "    for i in range(n):\n"
    "        r = r * y\n"
    "    return r\n"
    "\n";
const std::string kPower = kPowerDefinition +
                           "def main():\n"
                           "    print(grad(power)(1.5, 1.01, arg(0, 10)))\n";

// The C text of `source`'s main (`fluxion emit-c`).
std::string c_of(const std::string& source) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("fluxion_codegen_tape_" + std::to_string(::getpid()) + ".fx");
  std::ofstream(path) << source;
  fx::driver::Options options;
  options.opt.forward_grads = false;  // reverse mode's tapes (forward mode has none)
  fx::driver::Compilation c{options};
  c.load_file(path.string());
  std::string text = c.c_text("");
  std::filesystem::remove(path);
  return text;
}

// Compiles `text` and runs its main with `args`: what it printed.
std::string run_c(const std::string& text, const std::vector<std::string>& args) {
  fx::codegen::CProgram program;
  program.text = text;
  fx::codegen::JitOptions options;
  options.use_cache = false;
  auto native = fx::codegen::NativeProgram::load(program, options);
  std::ostringstream out;
  native.run(out, args);
  return out.str();
}

// The second derivative with respect to y: the inner gradient's loop runs inside the outer
// one's forward pass, and its tape is pushed onto by code the outer derivative made too.
const std::string kSecondDerivative = kPowerDefinition +
                                      "def main():\n"
                                      "    print(grad(grad(power, argnums=1), argnums=1)(1.5, 1.01, arg(0, 10)))\n";

const std::regex kLinearTapeCall(R"((fx_linear_tape_L_\w+)\(trips_\d+, )");
const std::regex kTapeCall(R"((fx_tape_L_\w+)\(trips_\d+, )");

TEST(CodegenTape, ACountedLoopsTapeIsMadeWithItsTripCount) {
  const std::string text = c_of(kPower);
  EXPECT_TRUE(std::regex_search(text, kLinearTapeCall)) << text;
  EXPECT_FALSE(std::regex_search(text, kTapeCall)) << text;
  EXPECT_EQ(run_c(text, {}), "1.1046221254112045\n");
  EXPECT_EQ(run_c(text, {"0"}), "1.0\n");   // no iteration: the empty tape
  EXPECT_EQ(run_c(text, {"-3"}), "1.0\n");  // range(-3) is empty too
  EXPECT_EQ(run_c(text, {"1"}), "1.01\n");
}

// A linear tape holding tensors (each iteration's s): the loop writes the header's top when it
// ends, which releasing the tape reads to release its entries. Without it they would leak.
const char* kTensorResiduals =
    "def f(x, n):\n"
    "    s = x\n"
    "    for i in range(n):\n"
    "        s = sin(s) * x\n"
    "    return sum(s)\n"
    "\n"
    "def main():\n"
    "    print(grad(f)([0.5, 1.0, 1.5], arg(0, 10)))\n";

TEST(CodegenTape, ALinearTapesTopIsWrittenAfterItsLoop) {
  const std::string text = c_of(kTensorResiduals);
  ASSERT_TRUE(std::regex_search(text, kLinearTapeCall)) << text;
  EXPECT_EQ(run_c(text, {}), "[0.010038960488862783, 3.041114061998627, 1.1234862582829344]\n");
  EXPECT_EQ(run_c(text, {"0"}), "[1.0, 1.0, 1.0]\n");
  const std::regex top(R"(if \(\w+\.e\d+\.box\) \w+\.e\d+\.box->len = \w+\.e\d+\.n;)");
  const std::string without = std::regex_replace(text, top, "");
  ASSERT_NE(without, text);
  bool leaked = false;  // the entry point reports the tensors left behind (an error)
  try {
    run_c(without, {});
  } catch (...) {
    leaked = true;
  }
  EXPECT_TRUE(leaked);
}

TEST(CodegenTape, AWrongTripCountOfAPlainTapeCostsOnlySpeed) {
  const std::string text = c_of(kSecondDerivative);
  ASSERT_TRUE(std::regex_search(text, kTapeCall)) << text;
  ASSERT_TRUE(std::regex_search(text, kLinearTapeCall)) << text;
  EXPECT_EQ(run_c(text, {}), "146.18565525979082\n");
  // 10 iterations push 10 entries onto a tape made for 0, 1, 3 (full: it grows) or 1000 of them.
  for (const char* wrong : {"0", "1", "3", "-5", "1000"}) {
    const std::string lying = std::regex_replace(text, kTapeCall, std::string("$1(") + wrong + ", ");
    ASSERT_NE(lying, text);
    EXPECT_EQ(run_c(lying, {"10"}), "146.18565525979082\n") << "trips replaced by " << wrong;
  }
}

}  // namespace
