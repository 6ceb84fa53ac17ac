#include "driver/compilation.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

#include "ad/context.hpp"
#include "ad/print.hpp"
#include "interp/format.hpp"
#include "lower/lower.hpp"
#include "support/diagnostics.hpp"
#include "syntax/parser.hpp"

namespace fx::driver {

namespace {

constexpr size_t kMaxSourceBytes = size_t(64) << 20;

std::string type_name(const types::Type* t) { return types::to_string(t); }

// A located error for a whole file (no line): "FILE: error: ...".
// Why a file could not be opened, in the words of the other messages.
std::string open_failure(int error) {
  switch (error) {
    case ENOENT: return "cannot open file: no such file";
    case ENOTDIR: return "cannot open file: a part of the path is not a directory";
    case EACCES: case EPERM: return "cannot open file: permission denied";
    case ENAMETOOLONG: return "cannot open file: the path is too long";
    case ELOOP: return "cannot open file: too many symbolic links";
    default: return std::string("cannot open file: ") + std::strerror(error);
  }
}

[[noreturn]] void file_error(const SourceFile* file, const std::string& message) {
  SourceLoc loc;
  loc.file = file;
  compile_error(loc, message);
}

}  // namespace

Compilation::Compilation(Options options) : options_(options) {
  checker_ = std::make_unique<types::TypeChecker>(module_);
}

Compilation::~Compilation() = default;

const SourceFile* Compilation::add_source(std::string path, std::string text) {
  module_.files.push_back(std::make_unique<SourceFile>(std::move(path), std::move(text)));
  return module_.files.back().get();
}

void Compilation::verify(const std::string& stage) {
  if (options_.verify_ir) ir::verify(module_, stage);
}

void Compilation::load_file(const std::string& path) {
  const SourceFile* name_only = add_source(path, "");
  struct stat st;
  if (stat(path.c_str(), &st) != 0) file_error(name_only, open_failure(errno));
  if (S_ISDIR(st.st_mode)) file_error(name_only, "cannot open file: it is a directory");
  // Devices and pipes could stream forever (/dev/zero); source code lives in regular files.
  if (!S_ISREG(st.st_mode)) file_error(name_only, "cannot open file: not a regular file");
  if (static_cast<size_t>(st.st_size) > kMaxSourceBytes)
    file_error(name_only, "source file is larger than 64 MiB");
  std::ifstream in(path, std::ios::binary);
  if (!in) file_error(name_only, open_failure(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) file_error(name_only, "cannot read file");
  main_file_ = add_source(path, text.str());

  module_.syntax.push_back(parse_module(*main_file_));
  lower::lower_module(module_, *module_.syntax.back());
  module_.renumber();
  verify("lowering");
}

void Compilation::check() {
  checker_->check_module();
  module_.renumber();
  verify("type inference");
}

void Compilation::run_main(std::ostream& out) {
  ir::Graph* main_graph = module_.find_function("main");
  if (!main_graph) file_error(main_file_, "no main() function to run; define `def main():`");
  if (!main_graph->params.empty())
    compile_error(main_graph->loc, "main() must take no parameters");
  ir::Graph* typed = checker_->specialise(main_graph, {});
  module_.renumber();
  verify("type inference");
  interp::call_graph(module_, typed, {}, options_.interp, out);
}

std::string Compilation::eval(const std::string& expr_text, std::ostream& out) {
  const SourceFile* expr_file = add_source("<expr>", expr_text);
  ast::ExprPtr expr = parse_expression(*expr_file);
  // The expression's AST must outlive the IR that points into it.
  auto holder = std::make_unique<ast::Module>();
  holder->file = expr_file;
  holder->body.push_back(std::make_unique<ast::ExprStmt>(expr->loc, std::move(expr)));
  const auto& stmt = static_cast<const ast::ExprStmt&>(*holder->body.back());
  module_.syntax.push_back(std::move(holder));
  ir::Graph* g = lower::lower_expression(module_, *stmt.value);
  module_.renumber();
  verify("lowering");
  ir::Graph* typed = checker_->specialise(g, {});
  module_.renumber();
  verify("type inference");
  interp::Value v = interp::call_graph(module_, typed, {}, options_.interp, out);
  return interp::format_value(v);
}

std::string Compilation::ir_text(const std::string& name, const std::string& stage) {
  ir::Graph* g = module_.find_function(name);
  if (!g) file_error(main_file_, "no top-level function named '" + name + "'");
  if (stage == "parsed") return ir::print_graph_tree(module_, *g);
  if (stage == "ad") return ad_text(g);
  // "typed": every specialisation reachable from main() and from annotated functions.
  check();
  if (ir::Graph* main_graph = module_.find_function("main"); main_graph && main_graph->params.empty())
    checker_->specialise(main_graph, {});
  module_.renumber();
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
  verify("automatic differentiation");
  return out;
}

}  // namespace fx::driver
