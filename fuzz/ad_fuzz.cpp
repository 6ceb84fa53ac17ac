// libFuzzer target for the whole pipeline through automatic differentiation: the fuzz bytes
// drive a grammar-aware generator (program_gen.hpp) whose program is parsed, lowered,
// verified, type-checked, specialised, expanded ahead of time (src/expand, verified with the
// IR and type verifiers; what the expansion cannot build is a located compile error, as with
// `fluxion run`) and run — its main() takes grad, jvp, vjp, jacfwd,
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
// on a finite non-zero derivative, and fails when a generated program did not compile (the
// expansion included) or, with
// FX_FUZZ_MIN_CHECKED=F (the corpus test sets 0.5), when fewer than F of the inputs were
// checked (FxReplaySummary).
//
// Each program runs twice, through the optimiser (src/opt, as `fluxion run` does, with the
// verifiers after every pass, before the expansion) and without it (--opt=0): the printed
// output and the error, if any, must be the same, else it aborts too (the optimiser changed
// the program's meaning). Numbers may differ in the last bits (1e-12 relative; 0.0 = -0.0):
// derivatives are built from the optimised program, whose reverse pass may sum the same
// contributions in another order (tests/property/ad_property_test.py holds primal values to
// every digit).
//
// FX_FUZZ_DUMP=1 ./ad_fuzz CRASH_FILE prints the generated program on stderr, then its output or
// error: save it as a .fx file to reproduce with `fluxion run` (add --max-depth 200
// --max-loop-iterations 2000). The replayer build/fuzz/ad_replay does the same without libFuzzer.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "fluxion/runtime/construct.hpp"

#include "ad/context.hpp"
#include "expand/expander.hpp"
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
  int not_expanded = 0;  // programs with a derivative the expansion could not build
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

// One compilation of the generated program: main() and fuzz_check() specialised, then (when
// `expand`) every derivative they reach expanded ahead of time and verified.
struct Compiled {
  fx::ir::Module m;
  std::unique_ptr<fx::types::TypeChecker> checker;
  std::unique_ptr<fx::ad::Context> cx;
  std::unique_ptr<fx::expand::Expander> expander;
  fx::ir::Graph* main = nullptr;
  fx::ir::Graph* check = nullptr;  // fuzz_check(), when the program has one

  // Returns false when the expansion could not build a derivative (nothing ran yet).
  // `optimise`: the optimiser runs on the typed program first (check_nan: as --check-nan).
  bool build(const std::string& program, bool optimise, bool check_nan) {
    m.files.push_back(std::make_unique<fx::SourceFile>("fuzz.fx", program));
    m.syntax.push_back(fx::parse_module(*m.files.back()));
    fx::lower::lower_module(m, *m.syntax.back());
    m.renumber();
    fx::ir::verify(m, "lowering");
    checker = std::make_unique<fx::types::TypeChecker>(m);
    fx::ir::Graph* main_graph = m.find_function("main");
    if (!main_graph) return true;
    main = checker->specialise(main_graph, {});
    if (fx::ir::Graph* g = m.find_function("fuzz_check")) check = checker->specialise(g, {});
    m.renumber();
    fx::ir::verify(m, "type inference");
    checker->verify_types("type inference", fx::types::ExpansionNodes::Typed);
    if (optimise) {
      fx::opt::OptOptions o;
      o.check_nan = check_nan;
      fx::opt::optimise(m, *checker, o, [&](const std::string& stage) {
        fx::ir::verify(m, stage);
        checker->verify_types(stage, fx::types::ExpansionNodes::Typed);
      });
      m.renumber();
    }
    cx = std::make_unique<fx::ad::Context>(m);
    expander = std::make_unique<fx::expand::Expander>(m, *cx, checker->store(), checker->annotations());
    expander->expand(main);
    if (check) expander->expand(check);
    m.renumber();
    fx::ir::verify(m, "expansion");
    checker->verify_types("expansion", fx::types::ExpansionNodes::JustExpanded);
    return expander->leftovers().empty();
  }

  // The interpreter's options for running it: the expanded program runs without the run-time
  // AD engine (reaching it is an internal error, which the fuzzer reports).
  fx::interp::Options run_options(fx::interp::Options options) const {
    options.expanded = true;
    options.ad_context = cx.get();
    options.derivative_operators = expander ? &expander->operators() : nullptr;
    return options;
  }
};

// Runs fuzz_check() and compares its reverse-mode and forward-mode derivatives; aborts on a
// disagreement. A run-time error in it (a domain error of the derivative) is not checked.
void check_modes(Compiled& c, const fx::interp::Options& options, const std::string& program) {
  if (!c.check) return;
  fx::interp::Options quiet = c.run_options(options);
  quiet.check_nan = false;  // a nan is compared below, not an error
  std::ostringstream out;
  fx::interp::Value pair;
  try {
    pair = fx::interp::call_graph(c.m, c.check, {}, quiet, out);
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
              "on a finite non-zero derivative, %d not expanded ahead of time\n",
              tally.inputs, tally.compile_errors, tally.ran, tally.checked, tally.not_expanded);
  const char* min_checked = std::getenv("FX_FUZZ_MIN_CHECKED");
  if (min_checked && tally.checked < std::atof(min_checked) * tally.inputs) {
    std::printf("ad_fuzz: fewer than %s of the inputs were checked\n", min_checked);
    return 1;
  }
  return tally.compile_errors == 0 && tally.not_expanded == 0 ? 0 : 1;
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

// What one run of the program did: its printed output, then its located error if any.
struct Outcome {
  bool compile_error = false, finished = false, not_expanded = false;
  std::string text;
};

// Builds (expanding every derivative ahead of time, as `fluxion run` does) and runs main();
// with `check`, also fuzz_check() (check_modes).
Outcome run_program(const std::string& program, uint8_t flags, bool optimise, bool dump, bool check) {
  Outcome outcome;
  std::ostringstream out;
  const bool check_nan = (flags & 1) != 0;
  auto compiled = std::make_unique<Compiled>();
  try {
    if (!compiled->build(program, optimise, check_nan)) {  // `fluxion run`: a located compile error
      const fx::expand::Leftover& l = compiled->expander->leftovers()[0];
      outcome.not_expanded = true;
      out << fx::format_diagnostic(l.loc, "error", "cannot expand this derivative ahead of time: " + l.what);
      if (dump) std::cerr << out.str();
      outcome.text = out.str();
      return outcome;
    }
    if (!compiled->main) return outcome;
    fx::interp::Options options;
    options.max_call_depth = 200;        // keeps each input fast, and the stack small under ASan
    options.max_loop_iterations = 2000;
    options.check_nan = check_nan;
    fx::interp::call_graph(compiled->m, compiled->main, {}, compiled->run_options(options), out);
    if (dump) std::cerr << out.str();
    outcome.finished = true;
    if (check) check_modes(*compiled, options, program);
  } catch (const fx::CompileError& error) {
    outcome.compile_error = true;
    out << fx::format_diagnostic(error.loc, "error", error.message);
    if (dump) std::cerr << fx::format_diagnostic(error.loc, "error", error.message);
  } catch (const fx::RuntimeError& error) {
    out << fx::format_diagnostic(error.loc, "error", error.message);
    if (dump) std::cerr << fx::format_diagnostic(error.loc, "error", error.message);
  }
  outcome.text = out.str();
  return outcome;
}

// With --check-nan, the same terms added in another order (the derivative code of the optimised
// program sums its contributions differently) may overflow to an infinity in one program and
// not in the other, which then stops with a check-nan error: what both printed before that
// error must agree.
bool same_until_overflow(const std::string& a, const std::string& b) {
  auto lines_before_check_nan = [](const std::string& s) -> long {
    size_t at = s.find("error: check-nan:");
    return at == std::string::npos ? -1 : static_cast<long>(std::count(s.begin(), s.begin() + static_cast<long>(at), '\n'));
  };
  const long la = lines_before_check_nan(a), lb = lines_before_check_nan(b);
  if (la < 0 && lb < 0) return false;
  const long keep = la < 0 ? lb : lb < 0 ? la : std::min(la, lb);
  auto first_lines = [](const std::string& s, long n) {
    size_t end = 0;
    for (long i = 0; i < n && end != std::string::npos; ++i) end = s.find('\n', end) + 1;
    return s.substr(0, end);
  };
  return same_up_to_rounding(first_lines(a, keep), first_lines(b, keep));
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

  Outcome optimised = run_program(program, flags, true, dump, true);
  if (optimised.not_expanded) ++tally.not_expanded;
  if (optimised.finished) ++tally.ran;
  if (optimised.compile_error) ++tally.compile_errors;
  Outcome plain = run_program(program, flags, false, false, false);
  if (!same_up_to_rounding(optimised.text, plain.text) && !same_until_overflow(optimised.text, plain.text)) {
    std::cerr << program << "ad_fuzz: the optimised program and the unoptimised one (--opt=0) differ:\n--- optimised\n"
              << optimised.text << "--- --opt=0\n" << plain.text;
    std::abort();
  }
  return 0;
}
