// The optimiser: rewrites of the typed program (docs/opt.md). It runs after type inference
// and specialisation, on every typed clone, and hands the result to whichever engine runs
// the program (the interpreter or the C back end), so both see the same optimised code.
#pragma once
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "types/checker.hpp"

namespace fx::opt {

struct OptOptions {
  int level = 1;            // 0: no pass runs (--opt=0); 1: the pipeline of pipeline.cpp
  bool check_nan = false;   // --check-nan: a float op that makes a nan is an observable error
  // --grad-mode=auto (the default): the expansion computes grad of a function of one f64 with
  // an f64 result in forward mode (expand::Expander::forward_grad); --grad-mode=reverse: never.
  bool forward_grads = true;
  bool limited_loops = false;  // --max-loop-iterations: a loop's trip count is observable (its limit)
  // Every caller of the derivative code is in the module and no later expansion reuses it (the
  // program of `fluxion run`, `emit-c`, `ir`; not the embedding API, which expands derivatives
  // again for later calls, nor AOT libraries): the dead-results pass may narrow what it returns,
  // and the accumulate pass may use primitives that have no derivative rules.
  bool whole_program = false;
  // The run over the expanded program (Compilation::optimise_derivatives): every derivative is
  // built, so with whole_program nothing differentiates the code again and fusion may run.
  bool derivatives_expanded = false;
  bool print_after_all = false;  // the IR after every pass that changed it, to `log`
  bool time_passes = false;      // a table of the time spent in each pass, to `log`
  std::ostream* log = nullptr;
  // The free variables of a typed clone in closure conversion's order (ad::Context::convert):
  // the layout of the env that derivative code reads out of the clone's closures with
  // closure_env. Set for the run over the expanded program; known-calls turns a call through
  // such a closure into a call of a converted copy of the clone (converted_clones.hpp).
  std::function<const std::vector<const ir::Node*>&(const ir::Graph*)> converted_env;
};

// Runs the pipeline over every typed clone of `m`. `verify(stage)` is called after each pass
// that changed the program, with the stage named "optimisation pass <name>", so that a pass
// that breaks the IR or its types is named by the verifiers (Compilation::verify).
void optimise(ir::Module& m, types::TypeChecker& checker, const OptOptions& options,
              const std::function<void(const std::string&)>& verify);

// The names of the passes in pipeline order (for --help and tests).
std::string pass_names();

}  // namespace fx::opt
