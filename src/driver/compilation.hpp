// One compilation of a Fluxion program: the pipeline from a file to results.
// The CLI (tools/fluxion.cpp) and, later, the embedding API drive the pipeline
// through this class; options flow in here, nothing reads the environment.
#pragma once
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "codegen/emitter.hpp"
#include "codegen/jit.hpp"
#include "codegen/run_index.hpp"
#include "interp/interp.hpp"
#include "ir/ir.hpp"
#include "lower/program_scope.hpp"
#include "opt/optimiser.hpp"
#include "types/checker.hpp"

namespace fx::ad { class Context; }
namespace fx::expand { class Expander; }

namespace fx::driver {

// The standard-library directory: the installed one (PREFIX/share/fluxion/stdlib, see
// support/install_paths.hpp), else the source tree's stdlib/ this build was configured with
// (CMake passes it as FLUXION_STDLIB_DIR); "" when neither is known.
std::string default_stdlib_dir();

// Who runs the program: the interpreter; native code when the C emitter supports the whole
// program, else the interpreter (the CLI's default); native code or a located error naming
// the construct it does not support (--native). docs/codegen.md "Native or interpreted".
enum class Engine { Interpreter, Auto, Native };

struct Options {
  interp::Options interp;
  Engine engine = Engine::Interpreter;
  codegen::JitOptions jit;
  bool verify_ir = true;  // run the IR verifier after every stage
  // The optimiser (docs/opt.md): level 0 (--opt=0) runs the typed program as specialised;
  // its check_nan follows interp.check_nan (Compilation sets it).
  opt::OptOptions opt;
  // Where `import "x.fx"` looks when x.fx is not next to the importing file ("": nowhere).
  std::string stdlib_dir = default_stdlib_dir();
};

// The stages after which Compilation runs the verifiers: what the type verifier can check
// depends on which one ran, and is decided by a switch over them (compilation.cpp), not by
// the names its messages give them.
enum class Stage { Lowering, TypeInference, Expansion, AutomaticDifferentiation, Optimisation };

class Compilation {
 public:
  explicit Compilation(Options options = {});
  ~Compilation();

  // Reads, parses and lowers FILE and every file it imports, directly or not, each once,
  // into the one module (docs/language.md "Modules"). Throws CompileError: a missing or
  // unreadable FILE is one without a line; a missing or unreadable import, or an import
  // cycle, is located at the import's path.
  void load_file(const std::string& path);
  // The same for a program given as text (the embedding API's Module::loads): `path` names it
  // in diagnostics, and its imports are looked up next to it and in the standard library.
  void load_source(const std::string& path, std::string text);

  // Type-checks what can be checked without call sites (fluxion check).
  void check();

  // Specialises and runs main(); its printed output goes to `out`.
  void run_main(std::ostream& out);

  // Evaluates `expr_text` in the file's top-level scope (its names and those of the files it
  // imports) and returns the value's text (§9).
  std::string eval(const std::string& expr_text, std::ostream& out);

  // The typed nullary graph of `expr_text` in the file's top-level scope, named "<expr>" in
  // diagnostics (what eval runs; the embedding API builds derivatives with it).
  ir::Graph* typed_expression(const std::string& expr_text);
  // The typed clone of top-level function `fn` for `arg_types`, optimised (the embedding API's
  // plain calls: as `run` does for main()).
  ir::Graph* typed_function(ir::Graph* fn, const std::vector<const types::Type*>& arg_types);
  // The typed clone of the function that `lambda_text` (a lambda in the file's top-level scope)
  // evaluates to, specialised for `arg_types`: how the embedding API applies a derivative
  // operator to the host's arguments (`lambda a0, a1: grad(f)(a0, a1)`) and compiles it.
  // Optimised, as run_main optimises main() before expanding its derivatives.
  ir::Graph* typed_lambda(const std::string& lambda_text, const std::vector<const types::Type*>& arg_types);

  // The C program of main() (`fluxion emit-c`): the whole file, or with `fn` the functions of
  // top-level function `fn` and the declarations they use. A construct the emitter does not
  // support is a located compile error.
  std::string c_text(const std::string& fn);

  // `fluxion compile` (docs/codegen.md "AOT libraries"): the shared library `library`, with
  // its header `header`, whose C functions run `exports` natively. An export is `name` alone
  // (the top-level function of that name) or `name` and an expression whose value is a
  // function (`dloss` and `grad(loss)`); either takes the parameters, with their annotated
  // types, of the function it names (for an expression, the innermost first argument:
  // grad(loss) takes loss's). A missing annotation, an unknown function or an output that
  // cannot be written is a located compile error.
  struct ExportRequest {
    std::string name;
    std::string expression;  // "": the function `name`
  };
  void compile_library(const std::vector<ExportRequest>& exports, const std::string& library, const std::string& header);

  // The IR of top-level function `name` at `stage` ("parsed", "typed", "opt", "ad" or
  // "expanded"); "opt" is the typed program after the optimiser.
  std::string ir_text(const std::string& name, const std::string& stage);

  // Expands every derivative reachable from the entries ahead of time (docs/ad.md §10); what
  // cannot be expanded is a located compile error. May be called again for later entries (the embedding API
  // expands each specialisation it compiles): the one Expander keeps which graphs it built and
  // rewrote, so what an earlier entry reached is not rewritten twice, and the programs and
  // interpreter options of earlier entries stay valid. A later entry that reaches a clone
  // an earlier one could not finish is reported with that one's error.
  void expand_derivatives(const std::vector<ir::Graph*>& entries);
  // The interpreter's options for the program: after expand_derivatives, those that run the
  // expanded program (interp::Options::expanded, its derivative operators and AD context).
  interp::Options interp_options() const;
  // The C program of `entry` (after expand_derivatives, its derivative code's values are
  // typed first, expand/value_types.hpp). Throws codegen::Unsupported.
  codegen::CProgram emit(const ir::Graph* entry, const codegen::EmitOptions& emit);

  ir::Module& module() { return module_; }
  types::TypeChecker& checker() { return *checker_; }

 private:
  // Runs the IR verifier and the type-checking verifier after `stage`; `pass` names an
  // optimiser pass (Stage::Optimisation) in their messages.
  void verify(Stage stage, const std::string& pass = "");
  ir::Graph* specialised_main();
  // Runs the optimiser over every typed clone (a no-op with --opt=0); `derivative_code`: the run
  // over the expanded program (optimise_derivatives).
  void optimise(bool derivative_code = false);
  void optimise_derivatives(const std::vector<ir::Graph*>& generated);
  void prepare_derivative_code(const std::vector<ir::Graph*>& entries, codegen::EmitOptions& emit);
  // The typed clones of top-level function `name` ("typed" and "opt" stages), printed.
  std::string typed_text(const std::string& name, bool optimised);
  codegen::EmitOptions emit_options() const;
  // The typed clone an export runs (library.cpp).
  ir::Graph* exported_function(const ExportRequest& request);
  // Runs `entry` natively when the engine allows it; false when the interpreter must. With
  // `result`, the text of entry's result goes there (eval); with `index`, the compiled code is
  // recorded in the run index.
  bool run_natively(const ir::Graph* entry, std::ostream& out, std::string* result = nullptr,
                    const codegen::RunIndex* index = nullptr);
  std::optional<codegen::RunIndex> run_index() const;

  // The untyped nullary graph of `expr_text` in the file's top-level scope ("<expr>").
  ir::Graph* lowered_expression(const std::string& expr_text);
  std::string ad_text(ir::Graph* g);
  std::string expanded_text(const std::string& name, bool as_emitted);
  std::vector<const ir::Graph*> reachable_graphs(const std::vector<ir::Graph*>& entries) const;
  const SourceFile* add_source(std::string path, std::string text);

  Options options_;
  ir::Module module_;
  std::unique_ptr<types::TypeChecker> checker_;
  // The expansion of the program's derivatives, which the interpreter's expanded mode and the
  // C emitter read while the program runs (null until expand_derivatives).
  std::unique_ptr<ad::Context> ad_;
  std::unique_ptr<expand::Expander> expander_;
  bool values_typed_ = false;  // prepare_derivative_code typed the expanded values (see verify)
  // One program from one entry, expanded once (run, emit-c, ir): opt::OptOptions::whole_program.
  bool whole_program_ = false;
  lower::ProgramScope scope_;  // which file sees which top-level names (for eval)
  const SourceFile* main_file_ = nullptr;
};

}  // namespace fx::driver
