// The C emitter: the typed, specialised program reachable from an entry clone, as one C file
// (docs/codegen.md). Every clone (functions, lambdas, branches, join graphs, loop conditions
// and bodies) becomes one static C function whose leading parameters are its free variables;
// `if` and `while` become C control flow around calls of their graphs (static functions the C
// compiler inlines), recursion is C recursion. Each statement carries a /* file:line */
// comment. Location ids index `CProgram::locs`: the generated code reports a run-time error
// with the id of its node, and the host turns it back into the interpreter's located error.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "codegen/unsupported.hpp"
#include "ir/ir.hpp"
#include "types/checker.hpp"

namespace fx::codegen {

// Run-time limits, compiled into the code (so they are part of the cache key).
struct EmitOptions {
  size_t max_call_depth = 10000;
  size_t max_loop_iterations = 0;  // 0: none
  // The entry writes the text of the entry graph's result to the runtime's pending line
  // (fx_rt_pending_line): `fluxion eval`.
  bool result_text = false;
  // --check-nan: a primitive that makes a nan or an infinity of finite operands is a located
  // run-time error, as in the interpreter (src/interp/nan_check.hpp). The checks are in the C
  // text, so a checked program has a cache entry of its own.
  bool check_nan = false;
  // The entry is `int fx_call(const fx_slot* args, fx_slot* result)` (fx_rt.h) instead of
  // fx_entry: the entry graph's parameters come from args and its result goes to result, one
  // slot per leaf (host_slots.hpp), for an embedding host (src/api/). Parameters and results
  // other than numbers, tensors, None and tuples and structs of them are Unsupported.
  bool host_call = false;
  // Derivative code (the expanded program): the free variables of a typed clone in the order
  // closure conversion puts them in its env (ad::Context::convert), for closure_env.
  std::function<const std::vector<const ir::Node*>&(const ir::Graph*)> converted_env;
  // Derivative code: what closure_at node `at` makes of a function of type t, one member of a
  // union of functions (expand::closure_at_member).
  std::function<const types::Type*(const ir::Node* at, const types::Type* t)> closure_at_member;
  // Under check_nan: what a report from a node of graph g adds (" in the reverse pass of
  // grad", interp::describe_derivative), for derivative code.
  std::function<std::string(const ir::Graph*)> nan_note;
};

struct CProgram {
  std::string text;                  // the whole C file
  std::vector<SourceLoc> locs;       // location id → where in the source
  std::vector<std::string> nan_notes;  // location id → what a check-nan report there adds
  std::string entry = "fx_entry";    // int fx_entry(void) or fx_call: FX_RT_OK or FX_RT_ERROR
  // The C functions of each top-level function's clones (and of the graphs nested in them),
  // by source name: what `fluxion emit-c --fn NAME` shows.
  std::map<std::string, std::string> functions;
  std::string declarations;          // the types and helpers the functions use
  std::string header;                // an AOT library's header (emit_library)
};

// An AOT library (`fluxion compile`, docs/codegen.md "AOT libraries"): each export is a C
// function `name` with a plain C signature (exports.hpp) that runs the typed clone `entry`.
struct Export {
  std::string name;
  const ir::Graph* entry;
};
struct LibraryOptions {
  std::string prefix;      // of the names the library adds: PREFIX_wrap_f64, PREFIX_Name, ...
  std::string source;      // the Fluxion file, as the header names it
  std::string tensor_abi;  // the text of fluxion/runtime/tensor_abi.h, which the header holds
};
// The library's C file (no fx_entry: the exports are its entry points) and its header.
// Throws Unsupported as emit_program does, and for a parameter or result without a C form.
CProgram emit_library(const ir::Module& m, types::TypeChecker& checker, const std::vector<Export>& exports,
                      const LibraryOptions& library, const EmitOptions& options);

// Throws Unsupported naming the first construct it cannot translate.
CProgram emit_program(const ir::Module& m, types::TypeChecker& checker, const ir::Graph* entry,
                      const EmitOptions& options);

}  // namespace fx::codegen
