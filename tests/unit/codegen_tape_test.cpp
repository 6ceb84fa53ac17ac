// A counted loop's tape in native code (docs/codegen.md "Derivatives"): made by fx_tape_L_* with
// room for the loop's trip count. The count comes from the lowering, so no program can make
// it wrong; the generated C must still be right if it were (a push onto a full tape grows it,
// as a plain while's tape grows). Here the C of a gradient is compiled with the count replaced
// by wrong ones, and each must print the right gradient and give back every box (the entry
// point reports a leak as an error).
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

const char* kPower =
    "def power(x, y, n):\n"
    "    r = x\n"
    "    for i in range(n):\n"
    "        r = r * y\n"
    "    return r\n"
    "\n"
    "def main():\n"
    "    print(grad(power)(1.5, 1.01, arg(0, 10)))\n";

// The C text of `source`'s main (`fluxion emit-c`).
std::string c_of(const std::string& source) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("fluxion_codegen_tape_" + std::to_string(::getpid()) + ".fx");
  std::ofstream(path) << source;
  fx::driver::Compilation c{fx::driver::Options{}};
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

const std::regex kTapeCall(R"((fx_tape_L_\w+)\(trips_\d+, )");

TEST(CodegenTape, ACountedLoopsTapeIsMadeWithItsTripCount) {
  const std::string text = c_of(kPower);
  EXPECT_TRUE(std::regex_search(text, kTapeCall)) << text;
  EXPECT_EQ(run_c(text, {}), "1.1046221254112045\n");
  EXPECT_EQ(run_c(text, {"0"}), "1.0\n");   // no iteration: the empty tape
  EXPECT_EQ(run_c(text, {"-3"}), "1.0\n");  // range(-3) is empty too
}

TEST(CodegenTape, AWrongTripCountCostsOnlySpeed) {
  const std::string text = c_of(kPower);
  ASSERT_TRUE(std::regex_search(text, kTapeCall)) << text;
  // 10 iterations push 10 entries onto a tape made for 0, 1, 3 (full: it grows) or 1000 of them.
  for (const char* wrong : {"0", "1", "3", "-5", "1000"}) {
    const std::string lying = std::regex_replace(text, kTapeCall, std::string("$1(") + wrong + ", ");
    ASSERT_NE(lying, text);
    EXPECT_EQ(run_c(lying, {"10"}), "1.1046221254112045\n") << "trips replaced by " << wrong;
  }
}

}  // namespace
