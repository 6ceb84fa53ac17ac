// libFuzzer target for the whole pipeline through automatic differentiation: the fuzz bytes
// drive a grammar-aware generator (program_gen.hpp) whose program is parsed, lowered,
// verified, type-checked, specialised and run — its main() takes grad, jvp, vjp, jacfwd,
// jacrev, hessian and derivative of a random scalar function, or of a function of a vector
// (tensor_program_gen.hpp) — under small limits on the
// call depth and the loop iterations. Located user errors (CompileError, RuntimeError) are
// fine; an internal error, another exception, a crash or a sanitizer report is a bug.
// Built and run by `make fuzz` (and `make fuzz-short`).
//
// FX_FUZZ_DUMP=1 ./ad_fuzz CRASH_FILE prints the generated program on stderr, then its output or
// error: save it as a .fx file to reproduce with `fluxion run` (add --max-depth 200
// --max-loop-iterations 2000). The replayer build/fuzz/ad_replay does the same without libFuzzer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include "interp/interp.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "program_gen.hpp"
#include "tensor_program_gen.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"
#include "types/checker.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fx::fuzz::ByteSource bytes(data, size);
  // The first byte sets the options (bit 0: --check-nan, bit 1: a tensor program); the rest
  // drives the generator.
  const uint8_t flags = bytes.byte();
  std::string program = (flags & 2) ? fx::fuzz::TensorProgramGen(bytes).generate()
                                    : fx::fuzz::ProgramGen(bytes).generate();
  static const bool dump = std::getenv("FX_FUZZ_DUMP") != nullptr;
  if (dump) std::cerr << program << "--- check-nan: " << ((flags & 1) ? "on" : "off") << "\n";

  fx::ir::Module m;
  m.files.push_back(std::make_unique<fx::SourceFile>("fuzz.fx", program));
  try {
    m.syntax.push_back(fx::parse_module(*m.files.back()));
    fx::lower::lower_module(m, *m.syntax.back());
    m.renumber();
    fx::ir::verify(m, "lowering");
    fx::types::TypeChecker checker(m);
    fx::ir::Graph* main_graph = m.find_function("main");
    if (!main_graph) return 0;
    fx::ir::Graph* typed = checker.specialise(main_graph, {});
    m.renumber();
    fx::ir::verify(m, "type inference");
    fx::interp::Options options;
    options.max_call_depth = 200;        // keeps each input fast, and the stack small under ASan
    options.max_loop_iterations = 2000;
    options.check_nan = (flags & 1) != 0;
    std::ostringstream out;
    fx::interp::call_graph(m, typed, {}, options, out);
    if (dump) std::cerr << out.str();
  } catch (const fx::CompileError& error) {
    std::string text = fx::format_diagnostic(error.loc, "error", error.message);
    if (dump) std::cerr << text;
  } catch (const fx::RuntimeError& error) {
    std::string text = fx::format_diagnostic(error.loc, "error", error.message);
    if (dump) std::cerr << text;
  }
  return 0;
}
