// The reference interpreter: evaluates IR graphs directly. It is the test oracle
// for every later stage (AD, optimiser, C back end).
#pragma once
#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ad/generic.hpp"
#include "interp/value.hpp"
#include "ir/ir.hpp"

namespace fx::ad { class Context; }

namespace fx::interp {

struct Options {
  size_t max_call_depth = 10000;  // deeper recursion is a located run-time error
  // --check-nan: a primitive that makes a nan or an infinity out of finite operands is a
  // located run-time error (nan_check.hpp).
  bool check_nan = false;
  // --max-loop-iterations: a single while loop running more iterations is a located
  // run-time error; 0: no limit.
  size_t max_loop_iterations = 0;
  // What arg(i, default) reads: the command-line arguments after FILE (`fluxion run FILE ARG...`).
  std::vector<std::string> program_args;
  // The program was expanded ahead of time (every program the CLI and the embedding API run
  // with types): every derivative is already ordinary IR, so reaching the run-time AD engine
  // (jfn, tfn, a derivative operator or a derived function's call) is an internal error, the
  // check that the expansion is complete.
  bool expanded = false;
  // Build derivatives while the program runs (src/interp/ad_runtime.cpp): only the AD
  // engine's unit tests, which run the transforms' output on hand-built untyped graphs, turn
  // it on. Otherwise code that was neither typed nor expanded (a function the embedding host
  // passes as an argument) meets a derivative as a located run-time error.
  bool runtime_ad = false;
  // In an expanded program, the derivative operators (outermost first) each generated graph
  // was built for (expand::Expander::operators()): --check-nan names the pass and operator a
  // nan comes from, as the run-time engine does from the calls in progress.
  const std::unordered_map<const ir::Graph*, std::vector<ad::Generic>>* derivative_operators = nullptr;
  // The AD context the expanded program was built with: the envs its code reads from native
  // closures (closure_env) follow that context's closure conversions.
  ad::Context* ad_context = nullptr;
};

class Machine;

// Calls graph g (a top-level graph) with positional arguments. `print` writes to `out`.
// Throws RuntimeError (located) for run-time faults. The module is not const: derivatives
// add the graphs of their transforms to it as they run (docs/ad.md).
Value call_graph(ir::Module& m, const ir::Graph* g, const std::vector<Value>& args,
                 const Options& options, std::ostream& out);

// An interpreter kept across calls, so that the AD engine's caches (converted and
// transformed graphs) are shared by them; for tests and embedding.
class Session {
 public:
  Session(ir::Module& m, const Options& options, std::ostream& out);
  ~Session();
  Value call(const ir::Graph* g, const std::vector<Value>& args);  // a top-level graph
  Value call_value(const Value& fn, std::vector<Value> args);      // any function value
  ad::Context& ad();                                               // the AD engine it uses

 private:
  std::unique_ptr<Machine> machine_;
};

}  // namespace fx::interp
