#include "driver/compilation.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>
#include <sys/stat.h>

#include "ad/context.hpp"
#include "ad/print.hpp"
#include "expand/expander.hpp"
#include "expand/value_types.hpp"
#include "interp/nan_check.hpp"
#include "interp/format.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "support/install_paths.hpp"
#include "syntax/parser.hpp"

namespace fx::driver {

#ifndef FLUXION_STDLIB_DIR
#define FLUXION_STDLIB_DIR ""
#endif

std::string default_stdlib_dir() {
  std::string installed = installed_path("share/fluxion/stdlib");
  return installed.empty() ? FLUXION_STDLIB_DIR : installed;
}

namespace {

namespace fs = std::filesystem;

constexpr size_t kMaxSourceBytes = size_t(64) << 20;

std::string type_name(const types::Type* t) { return types::to_string(t); }

// Why a file could not be opened, in the words of the other messages.
std::string open_reason(int error) {
  switch (error) {
    case ENOENT: return "no such file";
    case ENOTDIR: return "a part of the path is not a directory";
    case EACCES: case EPERM: return "permission denied";
    case ENAMETOOLONG: return "the path is too long";
    case ELOOP: return "too many symbolic links";
    default: return std::strerror(error);
  }
}

// A located error for a whole file (no line): "FILE: error: ...".
[[noreturn]] void file_error(const SourceFile* file, const std::string& message) {
  SourceLoc loc;
  loc.file = file;
  compile_error(loc, message);
}

// Why a source file could not be read.
struct ReadFailure {
  std::string why;      // "no such file", "it is a directory", ...
  bool opening = true;  // a failure to open the file (the root's message says "cannot open file: ")
};

std::optional<ReadFailure> read_source(const std::string& path, std::string& text) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) return ReadFailure{open_reason(errno)};
  if (S_ISDIR(st.st_mode)) return ReadFailure{"it is a directory"};
  // Devices and pipes could stream forever (/dev/zero); source code lives in regular files.
  if (!S_ISREG(st.st_mode)) return ReadFailure{"not a regular file"};
  if (static_cast<size_t>(st.st_size) > kMaxSourceBytes) return ReadFailure{"source file is larger than 64 MiB", false};
  std::ifstream in(path, std::ios::binary);
  if (!in) return ReadFailure{open_reason(errno)};
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) return ReadFailure{"cannot read file", false};
  text = content.str();
  return std::nullopt;
}

// What identifies a file however it is named (a/../b.fx, symbolic links): its canonical path.
std::string identity_of(const std::string& path) {
  std::error_code ec;
  fs::path canonical = fs::canonical(path, ec);
  return ec ? fs::absolute(path, ec).lexically_normal().string() : canonical.string();
}

// Where the path string of `import "x.fx"` is written: the first quote after `import`.
SourceLoc path_loc(const ast::ImportStmt& s) {
  SourceLoc loc = s.loc;
  const SourceFile* file = s.loc.file;
  if (!file || loc.line == 0 || loc.line > file->line_starts.size()) return loc;
  size_t start = file->line_starts[loc.line - 1];
  size_t at = start + loc.col - 1 + std::string_view("import").size();
  while (at < file->text.size() && (file->text[at] == ' ' || file->text[at] == '\t')) ++at;
  if (at < file->text.size() && (file->text[at] == '"' || file->text[at] == '\'')) loc.col = uint32_t(at - start + 1);
  return loc;
}

// Loads the files of a program: the root and, transitively, every file it imports, each once
// (however many files import it). Units come out in dependency order (each after the files
// it imports), the root last. Import cycles, missing and unreadable files are located errors
// at the import's path; syntax errors are located in the file that has them.
class ProgramLoader {
 public:
  ProgramLoader(ir::Module& m, const std::string& stdlib_dir)
      : m_(m), stdlib_(stdlib_dir.empty() ? "" : fs::path(stdlib_dir).lexically_normal().string()) {}

  std::vector<lower::SourceUnit> load(const SourceFile* root, const std::string& identity) {
    load_unit(root, identity);
    return std::move(units_);
  }

 private:
  size_t load_unit(const SourceFile* file, const std::string& identity) {
    m_.syntax.push_back(parse_module(*file));
    const ast::Module* syntax = m_.syntax.back().get();
    open_.emplace_back(identity, file);
    lower::SourceUnit unit{syntax, {}};
    // Only top-level imports: one inside a function is reported by the lowering.
    for (const auto& sp : syntax->body) {
      if (sp->kind != ast::StmtKind::Import) continue;
      const auto& s = static_cast<const ast::ImportStmt&>(*sp);
      SourceLoc at = path_loc(s);
      unit.imports.push_back(lower::ImportEdge{&s, at, follow(s, at, file)});
    }
    open_.pop_back();
    units_.push_back(std::move(unit));
    done_[identity] = units_.size() - 1;
    return units_.size() - 1;
  }

  // The unit that `import` in `importer` names, loading it if it is new.
  size_t follow(const ast::ImportStmt& s, SourceLoc at, const SourceFile* importer) {
    std::string path = locate(s, at, importer);
    std::string identity = identity_of(path);
    if (auto it = done_.find(identity); it != done_.end()) return it->second;
    for (size_t i = 0; i < open_.size(); ++i) {
      if (open_[i].first != identity) continue;
      std::string cycle;
      for (size_t j = i; j < open_.size(); ++j) cycle += open_[j].second->path + " \u2192 ";
      compile_error(at, "import cycle: " + cycle + open_[i].second->path);
    }
    std::string text;
    if (auto failure = read_source(path, text)) compile_error(at, "cannot import '" + s.path + "': " + failure->why);
    m_.files.push_back(std::make_unique<SourceFile>(path, std::move(text)));
    return load_unit(m_.files.back().get(), identity);
  }

  // The path of the file `import` names: next to the importing file, else in the standard
  // library. Only a file that does not exist at all lets the search go on.
  std::string locate(const ast::ImportStmt& s, SourceLoc at, const SourceFile* importer) {
    if (s.path.empty()) compile_error(at, "import needs a file path, found an empty string");
    if (s.path.find('\0') != std::string::npos) compile_error(at, "a module path cannot contain a NUL character");
    fs::path written(s.path);
    fs::path dir = fs::path(importer->path).parent_path();
    std::vector<std::string> candidates;
    if (written.is_absolute()) {
      candidates.push_back(written.lexically_normal().string());
    } else {
      candidates.push_back((dir / written).lexically_normal().string());
      if (!stdlib_.empty()) candidates.push_back((fs::path(stdlib_) / written).lexically_normal().string());
    }
    for (const std::string& candidate : candidates) {
      struct stat st;
      if (stat(candidate.c_str(), &st) == 0) return candidate;
      if (errno != ENOENT) compile_error(at, "cannot import '" + s.path + "': " + open_reason(errno));
    }
    if (written.is_absolute()) compile_error(at, "cannot find module '" + s.path + "' (no such file)");
    std::string looked = dir.empty() ? "." : dir.string();
    if (!stdlib_.empty()) looked += " and " + stdlib_;
    compile_error(at, "cannot find module '" + s.path + "' (looked in " + looked + ")");
  }

  ir::Module& m_;
  std::string stdlib_;
  std::vector<lower::SourceUnit> units_;
  std::map<std::string, size_t> done_;  // identity → its unit
  std::vector<std::pair<std::string, const SourceFile*>> open_;  // being loaded, the root first
};

}  // namespace

Compilation::Compilation(Options options) : options_(options) {
  checker_ = std::make_unique<types::TypeChecker>(module_);
}

Compilation::~Compilation() = default;

const SourceFile* Compilation::add_source(std::string path, std::string text) {
  module_.files.push_back(std::make_unique<SourceFile>(std::move(path), std::move(text)));
  return module_.files.back().get();
}

namespace {

const char* stage_name(Stage stage) {
  switch (stage) {
    case Stage::Lowering: return "lowering";
    case Stage::TypeInference: return "type inference";
    case Stage::Expansion: return "expansion";
    case Stage::AutomaticDifferentiation: return "automatic differentiation";
    case Stage::Optimisation: return "optimisation";
  }
  return "?";
}

// Does the stage prepare an entry for emission (it runs before emit for each entry)? Once the
// expanded program's values were typed for an entry (prepare_derivative_code), such stages
// for a later entry (the embedding API specialises, lowers and expands one entry after
// another) see the earlier code in a state their type checks are not written for: untyped
// expansion nodes in clones whose emission was refused, value types (a derived function as
// its env tuple) in the earlier generated graphs. After them only the IR verifier runs; the
// optimiser's passes, which run over the typed values, still run the type verifier.
bool prepares_emission(Stage stage) {
  switch (stage) {
    case Stage::Lowering:
    case Stage::TypeInference:
    case Stage::Expansion:
      return true;
    case Stage::AutomaticDifferentiation:
    case Stage::Optimisation:
      return false;
  }
  return true;
}

}  // namespace

void Compilation::verify(Stage stage, const std::string& pass) {
  if (!options_.verify_ir) return;
  std::string name = stage == Stage::Optimisation ? pass : stage_name(stage);
  ir::verify(module_, name);
  if (!checker_ || (values_typed_ && prepares_emission(stage))) return;
  // Until the emitter's preparation types the derivative code's values, the clones an
  // expansion rewrote hold its untyped nodes (the interpreter runs them as they are), also
  // when a later specialisation of the embedding API is verified.
  const bool expanded_untyped = stage == Stage::Expansion || (expander_ && !values_typed_);
  checker_->verify_types(name, expanded_untyped ? types::ExpansionNodes::JustExpanded : types::ExpansionNodes::Typed);
}

void Compilation::load_file(const std::string& path) {
  std::string text;
  if (auto failure = read_source(path, text)) {
    const SourceFile* name_only = add_source(path, "");
    file_error(name_only, failure->opening ? "cannot open file: " + failure->why : failure->why);
  }
  load_source(path, std::move(text));
}

void Compilation::load_source(const std::string& path, std::string text) {
  main_file_ = add_source(path, std::move(text));
  std::vector<lower::SourceUnit> units =
      ProgramLoader(module_, options_.stdlib_dir).load(main_file_, identity_of(path));
  lower::lower_program(module_, units, scope_);
  module_.renumber();
  verify(Stage::Lowering);
}

void Compilation::check() {
  checker_->check_module();
  module_.renumber();
  verify(Stage::TypeInference);
}

ir::Graph* Compilation::specialised_main() {
  ir::Graph* main_graph = module_.find_function("main");
  if (!main_graph) {
    // An imported file's main is kept as "main@FILE" (lower_module.cpp): it never runs.
    for (const auto& [name, g] : module_.functions)
      if (name.rfind("main@", 0) == 0)
        file_error(main_file_, "no main() function to run in this file (the main() at " + lower::place(g->loc) +
                                   " belongs to an imported file); define `def main():` here");
    file_error(main_file_, "no main() function to run; define `def main():`");
  }
  if (main_graph->loc.file != main_file_)
    file_error(main_file_, "no main() function to run in this file (the main() at " + lower::place(main_graph->loc) +
                               " belongs to an imported file); define `def main():` here");
  if (!main_graph->params.empty())
    compile_error(main_graph->loc, "main() must take no parameters");
  ir::Graph* typed = checker_->specialise(main_graph, {});
  module_.renumber();
  verify(Stage::TypeInference);
  return typed;
}

void Compilation::optimise(bool derivative_code) {
  opt::OptOptions o = options_.opt;
  o.derivatives_expanded = derivative_code;
  o.check_nan = options_.interp.check_nan;
  o.limited_loops = options_.interp.max_loop_iterations != 0;
  o.whole_program = whole_program_;
  if (derivative_code && ad_)
    o.converted_env = [this](const ir::Graph* g) -> const std::vector<const ir::Node*>& {
      return ad_->convert(g).free_vars;
    };
  // A later specialisation (the embedding API) is optimised without the clones an expansion
  // rewrote while they hold its untyped nodes: before the emitter's preparation types them
  // (never, for the interpreter), or for good where the expansion stopped at a leftover. The
  // optimiser and the verifier take a graph without an origin for one they do not touch.
  std::vector<std::pair<ir::Graph*, const ir::Graph*>> hidden;
  if (expander_)
    for (const ir::Graph* g : expander_->graphs())
      if (g->origin && (!values_typed_ || expander_->unfinished(g))) hidden.emplace_back(const_cast<ir::Graph*>(g), g->origin);
  for (auto& [g, origin] : hidden) g->origin = nullptr;
  opt::optimise(module_, *checker_, o, [this](const std::string& pass) { verify(Stage::Optimisation, pass); });
  for (auto& [g, origin] : hidden) g->origin = origin;
  module_.renumber();
}

void Compilation::run_main(std::ostream& out) {
  std::optional<codegen::RunIndex> index = run_index();
  if (index) {
    codegen::CProgram recorded;
    if (std::optional<codegen::NativeProgram> native = index->find(recorded)) {
      native->run(out, options_.interp.program_args);
      return;
    }
  }
  whole_program_ = true;
  ir::Graph* typed = specialised_main();
  // Both engines and the expansion see the optimised program (docs/opt.md).
  optimise();
  expand_derivatives({typed});
  if (run_natively(typed, out, nullptr, index ? &*index : nullptr)) return;
  interp::call_graph(module_, typed, {}, interp_options(), out);
}

// The run index (codegen/run_index.hpp) of this program and these options; none where the
// interpreter runs it or the compilation prints something of its own (--time-passes,
// --print-after-all), which a run from the index would skip.
std::optional<codegen::RunIndex> Compilation::run_index() const {
  if (options_.engine == Engine::Interpreter || options_.opt.print_after_all || options_.opt.time_passes)
    return std::nullopt;
  std::vector<const SourceFile*> files;
  for (const auto& f : module_.files) files.push_back(f.get());
  const codegen::EmitOptions emit = emit_options();
  // Not the engine: a record exists only where the code compiled, which --native and the
  // default engine then both run.
  std::string settings = "opt " +
                         std::to_string(options_.opt.level) + " max-depth " + std::to_string(emit.max_call_depth) +
                         " max-loop " + std::to_string(emit.max_loop_iterations) + " check-nan " +
                         std::to_string(emit.check_nan) + " grad-mode " +
                         (options_.opt.forward_grads ? "auto" : "reverse");
  codegen::RunIndex index(std::move(files), settings, options_.jit);
  if (!index.on()) return std::nullopt;
  return index;
}

interp::Options Compilation::interp_options() const {
  interp::Options run_options = options_.interp;
  if (expander_) {  // the interpreter runs the expanded program
    run_options.expanded = true;
    run_options.derivative_operators = &expander_->operators();
    run_options.ad_context = ad_.get();
  }
  return run_options;
}

// The optimiser over the derivative code, now that its values are typed (docs/opt.md
// "Derivative code"): while it runs, the generated graphs count as typed clones (a clone
// names its origin; a generated graph has none, so it is its own), so that inlining brings a
// pullback next to the call that applies it and projection and DCE take the closures apart.
// Not under --check-nan, whose reports name the derivative by the graph a node is in; not
// when some value has no type (the emitter refuses the program, the interpreter runs it).
void Compilation::optimise_derivatives(const std::vector<ir::Graph*>& generated) {
  if (options_.opt.level <= 0 || options_.interp.check_nan || generated.empty()) return;
  for (const ir::Graph* g : generated) {
    for (const ir::Node* p : g->params)
      if (!p->type) return;
    for (const ir::Node* n : g->body)
      if (!n->type) return;
  }
  std::set<const ir::Graph*> marked(generated.begin(), generated.end());
  for (ir::Graph* g : generated) g->origin = g;
  optimise(true);
  for (const auto& g : module_.graphs)  // inlined copies of them too
    if (g->origin && marked.count(g->origin)) g->origin = nullptr;
}

// One Context and Expander for every call: a second Expander would take the graphs the first
// built for user code and rewrite the rewritten clones again.
void Compilation::expand_derivatives(const std::vector<ir::Graph*>& entries) {
  if (!expander_) {
    ad_ = std::make_unique<ad::Context>(module_);
    expander_ = std::make_unique<expand::Expander>(module_, *ad_, checker_->store(), checker_->annotations());
    expander_->choose_forward_mode(options_.opt.level > 0 && options_.opt.forward_grads);
  }
  std::vector<expand::Leftover> left;
  for (ir::Graph* entry : entries) {
    expander_->expand(entry);
    left.insert(left.end(), expander_->leftovers().begin(), expander_->leftovers().end());
  }
  module_.renumber();
  verify(Stage::Expansion);
  if (left.empty()) return;
  std::string why = left[0].what + (left.size() > 1 ? " (and " + std::to_string(left.size() - 1) + " more)" : "");
  compile_error(left[0].loc, "cannot expand this derivative ahead of time: " + why);
}

// The C program of `entry`; derivative code (after expand_derivatives) gets the types of its
// values first (expand/value_types.hpp). Throws codegen::Unsupported.
codegen::CProgram Compilation::emit(const ir::Graph* entry, const codegen::EmitOptions& options) {
  codegen::EmitOptions emit = options;
  try {
    prepare_derivative_code({const_cast<ir::Graph*>(entry)}, emit);
  } catch (codegen::Unsupported& u) {
    if (!u.loc.valid()) u.loc = entry->loc;  // derivative code the expansion built: at the entry
    throw;
  }
  return codegen::emit_program(module_, *checker_, entry, emit);
}

// Types and optimises the derivative code the entries reach (after expand_derivatives), and
// tells the emitter what it needs to know of it.
void Compilation::prepare_derivative_code(const std::vector<ir::Graph*>& entries, codegen::EmitOptions& emit) {
  if (expander_) {
    std::vector<ir::Graph*> generated =
        expand::type_values(module_, *ad_, checker_->store(), checker_->annotations(), entries, expander_->graphs(),
                            [this](const ir::Node* f) { return expander_->code_of(f); });
    values_typed_ = true;
    optimise_derivatives(generated);
    emit.converted_env = [this](const ir::Graph* g) -> const std::vector<const ir::Node*>& {
      return ad_->convert(g).free_vars;
    };
    emit.closure_at_member = [this](const ir::Node* at, const types::Type* t) {
      return expand::closure_at_member(*ad_, checker_->store(), at, t);
    };
    emit.nan_note = [this](const ir::Graph* g) {
      auto it = expander_->operators().find(g);
      return it == expander_->operators().end() ? std::string() : interp::describe_derivative(g->name, it->second);
    };
  }
}

codegen::EmitOptions Compilation::emit_options() const {
  codegen::EmitOptions emit;
  emit.max_call_depth = options_.interp.max_call_depth;
  emit.max_loop_iterations = options_.interp.max_loop_iterations;
  emit.check_nan = options_.interp.check_nan;
  return emit;
}

[[noreturn]] static void not_native(const codegen::Unsupported& u) {
  compile_error(u.loc, "the native back end does not support " + u.what + " yet (run it with --interp)");
}

bool Compilation::run_natively(const ir::Graph* entry, std::ostream& out, std::string* result,
                               const codegen::RunIndex* index) {
  if (options_.engine == Engine::Interpreter) return false;
  codegen::CProgram program;
  try {
    codegen::EmitOptions emit = emit_options();
    emit.result_text = result != nullptr;
    program = this->emit(entry, emit);
  } catch (const codegen::Unsupported& u) {
    if (options_.engine == Engine::Native) not_native(u);
    return false;
  }
  codegen::NativeProgram native = codegen::NativeProgram::load(program, options_.jit);
  if (index) index->record(program, native);
  std::string text = native.run(out, options_.interp.program_args);
  if (result) *result = text;
  return true;
}

std::string Compilation::c_text(const std::string& fn) {
  whole_program_ = true;
  ir::Graph* typed = specialised_main();
  optimise();
  expand_derivatives({typed});
  codegen::CProgram program;
  try {
    program = emit(typed, emit_options());
  } catch (const codegen::Unsupported& u) {
    not_native(u);
  }
  if (fn.empty()) return program.text;
  auto it = program.functions.find(fn);
  if (it == program.functions.end())
    file_error(main_file_, "function '" + fn + "' is not called from main(), so it has no C code");
  return "#include \"fluxion/fx_gen.h\"\n\n" + program.declarations + "\n" + it->second;
}

std::string Compilation::eval(const std::string& expr_text, std::ostream& out) {
  ir::Graph* typed = typed_expression(expr_text);
  expand_derivatives({typed});
  std::string text;
  if (run_natively(typed, out, &text)) return text;
  interp::Value v = interp::call_graph(module_, typed, {}, interp_options(), out);
  return interp::format_value(v);
}

ir::Graph* Compilation::typed_lambda(const std::string& lambda_text, const std::vector<const types::Type*>& arg_types) {
  ir::Graph* g = lowered_expression(lambda_text);
  if (!g->output || !g->output->holds_graph()) internal_error("driver", "typed_lambda of an expression that is no lambda");
  // The lambda reads nothing of the expression's graph (its names are its parameters and the
  // file's top-level names), so it is specialised as a top-level function; the verifier below
  // would name a node it read from the expression's graph.
  ir::Graph* lambda = g->output->as_graph();
  lambda->parent = nullptr;
  verify(Stage::Lowering);
  ir::Graph* typed = checker_->specialise(lambda, arg_types);
  module_.renumber();
  verify(Stage::TypeInference);
  optimise();
  return typed;
}

ir::Graph* Compilation::typed_function(ir::Graph* fn, const std::vector<const types::Type*>& arg_types) {
  ir::Graph* typed = checker_->specialise(fn, arg_types);
  module_.renumber();
  verify(Stage::TypeInference);
  optimise();
  return typed;
}

ir::Graph* Compilation::typed_expression(const std::string& expr_text) {
  ir::Graph* typed = checker_->specialise(lowered_expression(expr_text), {});
  module_.renumber();
  verify(Stage::TypeInference);
  optimise();
  return typed;
}

ir::Graph* Compilation::lowered_expression(const std::string& expr_text) {
  const SourceFile* expr_file = add_source("<expr>", expr_text);
  ast::ExprPtr expr = parse_expression(*expr_file);
  // The expression's AST must outlive the IR that points into it.
  auto holder = std::make_unique<ast::Module>();
  holder->file = expr_file;
  holder->body.push_back(std::make_unique<ast::ExprStmt>(expr->loc, std::move(expr)));
  const auto& stmt = static_cast<const ast::ExprStmt&>(*holder->body.back());
  module_.syntax.push_back(std::move(holder));
  ir::Graph* g = lower::lower_expression(module_, *stmt.value, scope_, main_file_);
  module_.renumber();
  verify(Stage::Lowering);
  return g;
}

std::string Compilation::ir_text(const std::string& name, const std::string& stage) {
  ir::Graph* g = module_.find_function(name);
  if (!g) file_error(main_file_, "no top-level function named '" + name + "'");
  if (stage == "parsed") return ir::print_graph_tree(module_, *g);
  if (stage == "ad") return ad_text(g);
  if (stage == "expanded" || stage == "native") return expanded_text(name, stage == "native");
  return typed_text(name, stage == "opt");
}

// "typed": every specialisation reachable from main() and from annotated functions; "opt":
// the same after the optimiser.
std::string Compilation::typed_text(const std::string& name, bool optimised) {
  check();
  if (ir::Graph* main_graph = module_.find_function("main"); main_graph && main_graph->params.empty())
    checker_->specialise(main_graph, {});
  module_.renumber();
  verify(Stage::TypeInference);
  if (optimised) optimise();
  std::string out;
  for (const auto& other : module_.graphs) {
    if (other->parent || other->name.rfind(name + "[", 0) != 0) continue;
    if (!out.empty()) out += "\n";
    out += ir::print_graph_tree(module_, *other, type_name);
  }
  if (out.empty())
    file_error(main_file_, "function '" + name +
                               "' has no typed specialisation: it is generic and not called from main(); "
                               "annotate its parameters or call it from main()");
  return out;
}

// "expanded": the program reachable from NAME's typed specialisations after every derivative
// was expanded ahead of time (docs/ad.md §10), and what could not be, as comments. "native":
// the code the C emitter reads, prepared as `run` and `emit-c` prepare it (Compilation::emit):
// the typed program optimised, then expanded, its values typed (expand/value_types.hpp) and
// the derivative code optimised again (optimise_derivatives), with --opt, --check-nan and
// --print-after-all taken as they would be there; only the graphs still reachable from NAME's
// specialisations are printed, since inlining leaves the others unread.
std::string Compilation::expanded_text(const std::string& name, bool as_emitted) {
  whole_program_ = true;  // what run_main would build for these entries
  check();
  if (ir::Graph* main_graph = module_.find_function("main"); main_graph && main_graph->params.empty())
    checker_->specialise(main_graph, {});
  module_.renumber();
  std::vector<ir::Graph*> entries;
  for (const auto& other : module_.graphs)
    if (!other->parent && other->name.rfind(name + "[", 0) == 0) entries.push_back(other.get());
  if (entries.empty())
    file_error(main_file_, "function '" + name + "' has no typed specialisation: it is generic and not called from "
                                                 "main(); annotate its parameters or call it from main()");
  if (as_emitted) optimise();  // as run_main does before the expansion
  if (!expander_) {
    ad_ = std::make_unique<ad::Context>(module_);
    expander_ = std::make_unique<expand::Expander>(module_, *ad_, checker_->store(), checker_->annotations());
    expander_->choose_forward_mode(options_.opt.level > 0 && options_.opt.forward_grads);
  }
  std::vector<expand::Leftover> left;
  for (ir::Graph* entry : entries) {
    expander_->expand(entry);
    left.insert(left.end(), expander_->leftovers().begin(), expander_->leftovers().end());
  }
  module_.renumber();
  verify(Stage::Expansion);
  std::string out;
  std::vector<const ir::Graph*> shown = expander_->graphs();
  if (as_emitted) {
    try {
      codegen::EmitOptions emit = emit_options();
      prepare_derivative_code(entries, emit);
    } catch (const codegen::Unsupported& u) {
      out += "# not native: " + lower::place(u.loc) + ": " + u.what + "\n";
    }
    module_.renumber();
    shown = reachable_graphs(entries);
  }
  for (const ir::Graph* g : shown) {
    if (!out.empty()) out += "\n";
    out += ir::print_graph(*g, type_name);
  }
  for (const expand::Leftover& l : left)
    out += "# not expanded: " + lower::place(l.loc) + ": " + l.what + "\n";
  return out;
}

// The graphs the entries reach through graph constants (calls, closures, branches, loop
// bodies, kernels), in module order: what the emitter writes code for.
std::vector<const ir::Graph*> Compilation::reachable_graphs(const std::vector<ir::Graph*>& entries) const {
  std::set<const ir::Graph*> seen(entries.begin(), entries.end());
  std::vector<const ir::Graph*> work(entries.begin(), entries.end());
  while (!work.empty()) {
    const ir::Graph* g = work.back();
    work.pop_back();
    for (const ir::Node* n : g->body)
      for (const ir::Node* in : n->inputs)
        if (in->holds_graph() && seen.insert(in->as_graph()).second) work.push_back(in->as_graph());
    if (g->output && g->output->holds_graph() && seen.insert(g->output->as_graph()).second)
      work.push_back(g->output->as_graph());
  }
  std::vector<const ir::Graph*> out;
  for (const auto& g : module_.graphs)
    if (seen.count(g.get())) out.push_back(g.get());
  return out;
}

// "ad": closure conversion, T and J of each typed specialisation of the function (docs/ad.md),
// or of the parsed graph when it has none (a generic function nobody calls).
std::string Compilation::ad_text(ir::Graph* g) {
  std::vector<ir::Graph*> graphs;
  try {
    check();
    if (ir::Graph* main_graph = module_.find_function("main"); main_graph && main_graph->params.empty())
      checker_->specialise(main_graph, {});
    module_.renumber();
    for (const auto& other : module_.graphs)
      if (!other->parent && other->name.rfind(g->name + "[", 0) == 0) graphs.push_back(other.get());
  } catch (const CompileError&) {
    graphs.clear();  // not typeable (yet): show the untyped transforms
  }
  if (graphs.empty()) graphs.push_back(g);
  ad::Context cx(module_);
  std::string out;
  for (ir::Graph* one : graphs) {
    if (!out.empty()) out += "\n";
    out += ad::print_ad_stage(cx, one, type_name);
  }
  module_.renumber();
  verify(Stage::AutomaticDifferentiation);
  return out;
}

}  // namespace fx::driver
