// libFuzzer target for the whole pipeline through automatic differentiation: the fuzz bytes
// drive a grammar-aware generator (program_gen.hpp) whose program is parsed, lowered,
// verified, type-checked, specialised and run — its main() takes grad, jvp, vjp, jacfwd,
// jacrev, hessian and derivative of a random scalar function, or of a function of a vector
// (tensor_program_gen.hpp) — under small limits on the
// call depth and the loop iterations. Located user errors (CompileError, RuntimeError) are
// fine; an internal error, another exception, a crash or a sanitizer report is a bug.
// When main() runs to the end, the generated fuzz_check() gives (grad(f), jacfwd(f)) at main's
// point: reverse and forward mode must agree wherever both are finite and moderate (below 1e6:
// with larger values the two orders of evaluation differ by cancellation, not by mistakes; nan
// and inf may rightly differ, as 0 * nan = nan in reverse mode where forward mode dropped the
// term). A disagreement aborts, so libFuzzer records it as a crash.
// Built and run by `make fuzz` (and `make fuzz-short`); the replayer (build/fuzz/ad_replay, run
// on the seed corpus by `make test`) also prints how many inputs ran and how many were checked
// on a finite non-zero derivative, and fails when a generated program did not compile or, with
// FX_FUZZ_MIN_CHECKED=F (the corpus test sets 0.5), when fewer than F of the inputs were
// checked (FxReplaySummary).
//
// Each program runs twice, through the optimiser (src/opt, as `fluxion run` does, with the
// verifiers after every pass) and without it (--opt=0): the printed output and the error, if
// any, must be the same, else it aborts too (the optimiser changed the program's meaning).
// Numbers may differ in the last bits (1e-12 relative; 0.0 = -0.0): derivatives are built at
// run time from the optimised program, whose reverse pass may sum the same contributions in
// another order (tests/property/ad_property_test.py holds primal values to every digit).
//
// FX_FUZZ_DUMP=1 ./ad_fuzz CRASH_FILE prints the generated program on stderr, then its output or
// error: save it as a .fx file to reproduce with `fluxion run` (add --max-depth 200
// --max-loop-iterations 2000). The replayer build/fuzz/ad_replay does the same without libFuzzer.
#include <cmath>
#include <regex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "fluxion/runtime/construct.hpp"

#include "interp/interp.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "opt/optimiser.hpp"
#include "program_gen.hpp"
#include "tensor_program_gen.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"
#include "types/checker.hpp"

namespace {

// What the inputs did, for FxReplaySummary.
struct Tally {
  int inputs = 0, compile_errors = 0, ran = 0, checked = 0;  // checked: on a finite non-zero entry
} tally;

// The numbers of a derivative (a float, a tensor, or a tuple of them), flattened.
void flatten(const fx::interp::Value& v, std::vector<double>& out) {
  using fx::interp::Kind;
  if (v.is_number()) {
    out.push_back(v.to_double());
  } else if (v.kind() == Kind::Tuple) {
    for (const fx::interp::Value& x : v.items()) flatten(x, out);
  } else if (v.kind() == Kind::Tensor) {
    for (double x : fx::rt::to_vector<double>(v.as_tensor())) out.push_back(x);
  }
}

bool moderate(double v) { return std::isfinite(v) && std::fabs(v) <= 1e6; }

// Runs fuzz_check() and compares its reverse-mode and forward-mode derivatives; aborts on a
// disagreement. A run-time error in it (a domain error of the derivative) is not checked.
void check_modes(fx::ir::Module& m, fx::types::TypeChecker& checker, const fx::interp::Options& options,
                 const std::string& program) {
  fx::ir::Graph* check = m.find_function("fuzz_check");
  if (!check) return;
  fx::ir::Graph* typed = checker.specialise(check, {});
  m.renumber();
  fx::interp::Options quiet = options;
  quiet.check_nan = false;  // a nan is compared below, not an error
  std::ostringstream out;
  fx::interp::Value pair;
  try {
    pair = fx::interp::call_graph(m, typed, {}, quiet, out);
  } catch (const fx::RuntimeError&) {
    return;
  }
  std::vector<double> reverse, forward;
  flatten(pair.items().at(0), reverse);
  flatten(pair.items().at(1), forward);
  bool same = reverse.size() == forward.size() && !reverse.empty();
  bool informative = false;  // a zero or nan derivative agrees with anything
  for (size_t i = 0; same && i < reverse.size(); ++i) {
    double a = reverse[i], b = forward[i];
    if (!moderate(a) || !moderate(b)) continue;
    if (std::fabs(a - b) > 1e-6 * (1 + std::fabs(a) + std::fabs(b))) same = false;
    if (a != 0) informative = true;
  }
  if (!same) {
    std::cerr << program << "ad_fuzz: reverse mode (grad) and forward mode (jacfwd) disagree:\n  grad:";
    for (double v : reverse) std::cerr << " " << v;
    std::cerr << "\n  jacfwd:";
    for (double v : forward) std::cerr << " " << v;
    std::cerr << "\n";
    std::abort();
  }
  if (informative) ++tally.checked;
}

}  // namespace

// Called by the replayer (replay_main.cpp) after the last input: the tally, and a failure when a
// generated program did not compile (the generators write well-typed programs) or, with
// FX_FUZZ_MIN_CHECKED=F, fewer than F of the inputs were checked (the generator or the pipeline
// regressed). Without it a single input that stops with an error is fine (FX_FUZZ_DUMP=1).
extern "C" int FxReplaySummary() {
  std::printf("ad_fuzz: %d inputs, %d compile errors, %d ran main() to the end, %d checked forward = reverse "
              "on a finite non-zero derivative\n",
              tally.inputs, tally.compile_errors, tally.ran, tally.checked);
  const char* min_checked = std::getenv("FX_FUZZ_MIN_CHECKED");
  if (min_checked && tally.checked < std::atof(min_checked) * tally.inputs) {
    std::printf("ad_fuzz: fewer than %s of the inputs were checked\n", min_checked);
    return 1;
  }
  return tally.compile_errors == 0 ? 0 : 1;
}

// Are two outputs the same text with the same numbers, up to rounding (see the header)?
bool same_up_to_rounding(const std::string& a, const std::string& b) {
  static const std::regex number(R"([-+]?(\d+\.\d*(e[-+]?\d+)?|\d+e[-+]?\d+|inf|nan))");
  std::sregex_iterator ia(a.begin(), a.end(), number), ib(b.begin(), b.end(), number), end;
  size_t at_a = 0, at_b = 0;
  for (; ia != end && ib != end; ++ia, ++ib) {
    if (a.substr(at_a, ia->position() - at_a) != b.substr(at_b, ib->position() - at_b)) return false;
    at_a = ia->position() + ia->length();
    at_b = ib->position() + ib->length();
    double x = std::strtod(ia->str().c_str(), nullptr), y = std::strtod(ib->str().c_str(), nullptr);
    if (std::isnan(x) != std::isnan(y)) return false;
    if (std::isnan(x)) continue;
    if (std::isinf(x) || std::isinf(y) ? x != y : std::fabs(x - y) > 1e-12 * std::max({1.0, std::fabs(x), std::fabs(y)}))
      return false;
  }
  return ia == end && ib == end && a.substr(at_a) == b.substr(at_b);
}

// What one run printed, then its located error if it stopped with one.
struct Run {
  bool compile_error = false;
  bool finished = false;  // main() ran to the end
  std::string text;
};

Run run_program(const std::string& program, uint8_t flags, bool optimise, bool dump) {
  Run run;
  fx::ir::Module m;
  m.files.push_back(std::make_unique<fx::SourceFile>("fuzz.fx", program));
  std::ostringstream out;
  try {
    m.syntax.push_back(fx::parse_module(*m.files.back()));
    fx::lower::lower_module(m, *m.syntax.back());
    m.renumber();
    fx::ir::verify(m, "lowering");
    fx::types::TypeChecker checker(m);
    fx::ir::Graph* main_graph = m.find_function("main");
    if (!main_graph) return run;
    fx::ir::Graph* typed = checker.specialise(main_graph, {});
    // fuzz_check's clones too, before the optimiser, which works on every typed clone.
    if (fx::ir::Graph* check = m.find_function("fuzz_check")) checker.specialise(check, {});
    m.renumber();
    fx::ir::verify(m, "type inference");
    checker.verify_types("type inference");
    fx::interp::Options options;
    options.max_call_depth = 200;        // keeps each input fast, and the stack small under ASan
    options.max_loop_iterations = 2000;
    options.check_nan = (flags & 1) != 0;
    if (optimise) {
      fx::opt::OptOptions o;
      o.check_nan = options.check_nan;
      fx::opt::optimise(m, checker, o, [&](const std::string& stage) {
        fx::ir::verify(m, stage);
        checker.verify_types(stage);
      });
    }
    fx::interp::call_graph(m, typed, {}, options, out);
    if (dump) std::cerr << out.str();
    run.finished = true;
    if (optimise) check_modes(m, checker, options, program);
  } catch (const fx::CompileError& error) {
    run.compile_error = true;
    out << fx::format_diagnostic(error.loc, "error", error.message);
  } catch (const fx::RuntimeError& error) {
    out << fx::format_diagnostic(error.loc, "error", error.message);
  }
  run.text = out.str();
  if (dump && optimise) std::cerr << run.text;
  return run;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fx::fuzz::ByteSource bytes(data, size);
  ++tally.inputs;
  // The first byte sets the options (bit 0: --check-nan, bit 1: a tensor program, bit 2: an
  // informative one, see TensorProgramGen); the rest drives the generator.
  const uint8_t flags = bytes.byte();
  std::string program = (flags & 2) ? fx::fuzz::TensorProgramGen(bytes, (flags & 4) != 0).generate()
                                    : fx::fuzz::ProgramGen(bytes).generate();
  static const bool dump = std::getenv("FX_FUZZ_DUMP") != nullptr;
  if (dump) std::cerr << program << "--- check-nan: " << ((flags & 1) ? "on" : "off") << "\n";

  Run optimised = run_program(program, flags, true, dump);
  Run plain = run_program(program, flags, false, false);
  if (optimised.finished) ++tally.ran;
  if (optimised.compile_error) ++tally.compile_errors;
  if (!same_up_to_rounding(optimised.text, plain.text)) {
    std::cerr << program << "ad_fuzz: the optimised program and the unoptimised one (--opt=0) differ:\n--- optimised\n"
              << optimised.text << "--- --opt=0\n" << plain.text;
    std::abort();
  }
  return 0;
}
