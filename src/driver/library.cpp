// `fluxion compile`: AOT libraries (docs/codegen.md "AOT libraries"). Each export is typed from
// the parameter annotations of the function it names, optimised like every typed program, and
// emitted as a C function with a plain C signature (codegen/exports.hpp).
#include <dlfcn.h>
#include <set>

#include "codegen/aot.hpp"
#include "codegen/c_names.hpp"
#include "driver/compilation.hpp"
#include "interp/format.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"

namespace fx::driver {

namespace {

[[noreturn]] void error_in_file(const SourceFile* file, const std::string& message) {
  SourceLoc loc;
  loc.file = file;
  compile_error(loc, message);
}

// The function an export expression applies to: the innermost first argument (`loss` in
// grad(loss) or value_and_grad(loss, argnums=1)), or the expression itself when it is a name.
const ast::NameExpr* function_named(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Name) return static_cast<const ast::NameExpr*>(&e);
  if (e.kind == ast::ExprKind::Call) {
    const auto& call = static_cast<const ast::CallExpr&>(e);
    if (!call.args.empty()) return function_named(*call.args[0]);
  }
  return nullptr;
}

// The prefix of the names the library adds (PREFIX_wrap_f64, ...): the header's file name
// without ".h", as a C identifier.
std::string prefix_of(const std::string& header) {
  std::string stem = header.substr(header.find_last_of('/') + 1);
  if (stem.size() > 2 && stem.compare(stem.size() - 2, 2, ".h") == 0) stem.resize(stem.size() - 2);
  std::string prefix;
  for (unsigned char c : stem) prefix += std::isalnum(c) || c == '_' ? static_cast<char>(c) : '_';
  if (prefix.empty() || std::isdigit(static_cast<unsigned char>(prefix[0])) || codegen::is_c_keyword(prefix))
    prefix = "lib_" + prefix;
  return prefix;
}

}  // namespace

ir::Graph* Compilation::exported_function(const ExportRequest& request) {
  const std::string text = request.expression.empty() ? request.name : request.expression;
  const SourceFile* file = add_source("<export " + request.name + ">", text);
  ast::ExprPtr expr = parse_expression(*file);
  const ast::NameExpr* named = function_named(*expr);
  ir::Graph* f = named ? module_.find_function(named->name) : nullptr;
  if (!f) {
    if (request.expression.empty())
      error_in_file(main_file_, "no top-level function named '" + request.name + "' to export");
    compile_error(named ? named->loc : expr->loc,
                  named ? "no top-level function named '" + named->name + "' to export"
                        : "an exported expression applies to a function named first, as in grad(loss) "
                          "(the export takes that function's parameters)");
  }
  // The parameters' types are the function's annotations: there is no call to infer them from.
  std::vector<const types::Type*> types;
  for (size_t i = 0; i < f->params.size(); ++i) {
    const ast::TypeExpr* annotation = i < f->param_types.size() ? f->param_types[i] : nullptr;
    if (!annotation)
      compile_error(f->params[i]->loc, "parameter '" + f->params[i]->name + "' of " + f->name +
                                           "() needs a type annotation to be exported (fluxion compile types "
                                           "an exported function from its annotations, as in `x: f64`)");
    types.push_back(checker_->annotations().resolve(annotation));
  }
  ir::Graph* entry = f;
  if (!request.expression.empty()) {
    // A function of f's parameters that calls the expression's value with them:
    // dloss(p, x) = (grad(loss))(p, x).
    auto holder = std::make_unique<ast::Module>();
    holder->file = file;
    const ast::Expr& kept = *expr;
    holder->body.push_back(std::make_unique<ast::ExprStmt>(expr->loc, std::move(expr)));
    module_.syntax.push_back(std::move(holder));
    ir::Graph* value = lower::lower_expression(module_, kept, scope_, main_file_);
    entry = module_.new_graph(request.name, nullptr, kept.loc, ir::GraphRole::Function);
    std::vector<ir::Node*> call{module_.apply(entry, {module_.constant(value)}, kept.loc)};
    for (size_t i = 0; i < f->params.size(); ++i) {
      call.push_back(module_.add_param(entry, f->params[i]->name, kept.loc));
      entry->param_types.back() = f->param_types[i];
    }
    entry->output = module_.apply(entry, call, kept.loc);
    module_.renumber();
    verify(Stage::Lowering);
  }
  return checker_->specialise(entry, types);
}

void Compilation::compile_library(const std::vector<ExportRequest>& exports, const std::string& library,
                                  const std::string& header) {
  const std::string prefix = prefix_of(header);
  std::set<std::string> names;
  for (const ExportRequest& e : exports) {
    // An export is a global symbol of the library: one the process already has (a function of
    // the C library, say) would be taken over by it wherever the library is loaded.
    if (!names.insert(e.name).second) error_in_file(main_file_, "'" + e.name + "' is exported twice");
    if (e.name.rfind(prefix + "_", 0) == 0 || e.name.rfind("fx_", 0) == 0)
      error_in_file(main_file_, "the export name '" + e.name + "' is taken by the library's own helpers (" +
                                    prefix + "_..., fx_...); choose another with --export NAME=" + e.name);
    if (dlsym(RTLD_DEFAULT, e.name.c_str()))
      error_in_file(main_file_, "the export name '" + e.name + "' is already a symbol of the C library or the "
                                "runtime; choose another with --export NAME=" + e.name);
  }
  std::vector<ir::Graph*> typed;
  for (const ExportRequest& e : exports) typed.push_back(exported_function(e));
  module_.renumber();
  verify(Stage::TypeInference);
  optimise();
  // An exported derivative is expanded ahead of time (docs/ad.md §10); one that cannot be is
  // a located error.
  expand_derivatives(typed);
  codegen::LibraryOptions options{prefix, main_file_->path, codegen::tensor_abi_text()};
  std::vector<codegen::Export> entries;
  for (size_t i = 0; i < exports.size(); ++i) entries.push_back({exports[i].name, typed[i]});
  codegen::CProgram program;
  try {
    codegen::EmitOptions emit = emit_options();
    prepare_derivative_code(typed, emit);
    program = codegen::emit_library(module_, *checker_, entries, options, emit);
  } catch (const codegen::Unsupported& u) {
    compile_error(u.loc, "the native back end does not support " + u.what + " yet (an AOT library runs natively)");
  }
  std::string why = codegen::write_library(program, library, header, options_.jit.compiler);
  if (!why.empty()) error_in_file(add_source(library, ""), why);
}

}  // namespace fx::driver
