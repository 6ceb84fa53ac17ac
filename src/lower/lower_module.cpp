// The top level of a program: declares every struct, enum, function and constant of every
// file first (so that top-level names can be used in any order, also across files), checks
// that no name is defined twice and that each file uses only the names it sees
// (program_scope.hpp), then lowers the bodies.
#include <set>

#include "lower/lower.hpp"
#include "lower/lowerer.hpp"
#include "lower/name_clashes.hpp"
#include "lower/visibility.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

struct Lowerer::PendingBody {
  ir::Graph* graph;
  const ast::FunctionDef* def = nullptr;  // a function
  const ast::Expr* value = nullptr;       // or a constant's value
};

namespace {

// The top-level names of one file: a name defined twice in it is an error at the second
// definition. Names of another file are checked later (name_clashes.hpp).
class TopLevelNames {
 public:
  // `earlier`: names already in the module before this program (an earlier lowering).
  TopLevelNames(const std::map<std::string, SourceLoc>& earlier, FileNames& out) : first_(earlier), out_(out) {}

  void define(const std::string& name, SourceLoc loc) {
    auto [it, fresh] = first_.emplace(name, loc);
    if (!fresh)
      compile_error(loc, "'" + name + "' is already defined" +
                             (it->second.valid() ? " at line " + std::to_string(it->second.line) : std::string()));
    out_.add(name, loc);
  }

 private:
  std::map<std::string, SourceLoc> first_;
  FileNames& out_;
};

std::map<std::string, SourceLoc> names_in(const ir::Module& m) {
  std::map<std::string, SourceLoc> out;
  for (const auto& [n, g] : m.functions) out[n] = g->loc;
  for (const auto& [n, s] : m.struct_by_name) out[n] = s->loc;
  for (const auto& [n, e] : m.enum_by_name) out[n] = e->loc;
  for (const auto& [n, v] : m.variant_by_name) out[n] = v->loc;
  return out;
}

bool is_loaded_import(const SourceUnit& unit, const ast::Stmt& s) {
  for (const ImportEdge& e : unit.imports)
    if (e.stmt == &s) return true;
  return false;
}

std::vector<ir::FieldInfo> field_infos(const std::vector<ast::FieldDecl>& fields, const std::string& owner) {
  std::vector<ir::FieldInfo> out;
  std::set<std::string> seen;
  for (const ast::FieldDecl& f : fields) {
    if (!f.type) compile_error(f.loc, "field '" + f.name + "' of " + owner + " needs a type: " + f.name + ": TYPE");
    if (!seen.insert(f.name).second) compile_error(f.loc, "field '" + f.name + "' of " + owner + " is declared twice");
    out.push_back(ir::FieldInfo{f.name, f.type.get(), f.loc});
  }
  return out;
}

}  // namespace

void Lowerer::lower_program(const std::vector<SourceUnit>& units, ProgramScope& scope) {
  std::map<std::string, SourceLoc> earlier = names_in(m_);
  for (const SourceUnit& unit : units) {
    scope.add_file(unit.syntax->file);
    for (const ImportEdge& e : unit.imports) scope.add_import(unit.syntax->file, units.at(e.target).syntax->file);
  }
  // Every name of every file first, so that bodies may refer to any of them.
  std::vector<FileNames> names(units.size());
  std::vector<PendingBody> pending;
  for (size_t i = 0; i < units.size(); ++i) declare(units[i], earlier, names[i], pending);
  hide_imported_mains(units, names, pending);
  check_name_clashes(units, names);
  for (const FileNames& file : names)
    for (const auto& [name, loc] : file.order) scope.define(name, loc);
  for (const SourceUnit& unit : units) check_annotation_and_pattern_names(m_, scope, *unit.syntax);

  scope_ = &scope;
  for (const PendingBody& p : pending) {
    if (p.def) {
      if (!p.def->decorators.empty()) lower_decorated_value(*p.def, p.graph);
      lower_function(p.graph, p.def->params, p.def->body, p.def->return_annotation.get(), nullptr, nullptr);
    } else {
      FunctionScope fs;
      Env env;
      p.graph->output = expr(*p.value, ExprCtx{p.graph, &env, &fs});
    }
  }
}

// An imported file may have its own `def main():` (its own driver, as Python's `if __name__ ==
// "__main__"`): only the entry file's main runs. Each imported main is taken out of the
// program's namespace (so it clashes with nothing and no file can call it) and kept under the
// name "main@FILE", which no identifier can spell: it is still lowered and type-checked, and
// `run` of a file without main names it (compilation.cpp). The loader puts the entry file last.
void Lowerer::hide_imported_mains(const std::vector<SourceUnit>& units, std::vector<FileNames>& names,
                                  const std::vector<PendingBody>& pending) {
  for (size_t i = 0; i + 1 < units.size(); ++i) {
    FileNames& file = names[i];
    if (!file.at.count("main")) continue;
    const SourceFile* source = units[i].syntax->file;
    ir::Graph* imported = nullptr;
    for (const PendingBody& p : pending)
      if (p.def && p.def->name == "main" && p.def->decorators.empty() && p.graph->loc.file == source) imported = p.graph;
    if (!imported) continue;  // a constant, struct or decorated function called main: an ordinary name
    file.at.erase("main");
    std::erase_if(file.order, [](const auto& entry) { return entry.first == "main"; });
    if (auto it = m_.functions.find("main"); it != m_.functions.end() && it->second == imported) m_.functions.erase(it);
    m_.functions["main@" + (source ? source->path : std::to_string(i))] = imported;
  }
}

void Lowerer::declare(const SourceUnit& unit, const std::map<std::string, SourceLoc>& earlier, FileNames& file_names,
                      std::vector<PendingBody>& pending) {
  TopLevelNames names(earlier, file_names);
  for (const auto& sp : unit.syntax->body) {
    const ast::Stmt& s = *sp;
    switch (s.kind) {
      case ast::StmtKind::FunctionDef: {
        const auto& d = static_cast<const ast::FunctionDef&>(s);
        names.define(d.name, d.name_loc.valid() ? d.name_loc : d.loc);
        if (!d.decorators.empty()) {
          pending.push_back({declare_decorated(d), &d, nullptr});  // lower_derivatives.cpp
          break;
        }
        ir::Graph* g = m_.new_graph(d.name, nullptr, d.loc, ir::GraphRole::Function);
        m_.functions[d.name] = g;
        m_.function_order.push_back(g);
        pending.push_back({g, &d, nullptr});
        break;
      }
      case ast::StmtKind::StructDef: {
        const auto& d = static_cast<const ast::StructDef&>(s);
        names.define(d.name, d.name_loc.valid() ? d.name_loc : d.loc);
        auto decl = std::make_unique<ir::StructDecl>();
        decl->name = d.name;
        decl->loc = d.loc;
        decl->fields = field_infos(d.fields, "struct '" + d.name + "'");
        m_.struct_by_name[d.name] = decl.get();
        m_.structs.push_back(std::move(decl));
        break;
      }
      case ast::StmtKind::EnumDef: {
        const auto& d = static_cast<const ast::EnumDef&>(s);
        names.define(d.name, d.name_loc.valid() ? d.name_loc : d.loc);
        if (d.variants.empty()) compile_error(d.loc, "enum '" + d.name + "' needs at least one variant");
        auto decl = std::make_unique<ir::EnumDecl>();
        decl->name = d.name;
        decl->loc = d.loc;
        for (const ast::VariantDecl& v : d.variants) {
          names.define(v.name, v.loc);
          auto variant = std::make_unique<ir::VariantDecl>();
          variant->name = v.name;
          variant->loc = v.loc;
          variant->owner = decl.get();
          variant->index = static_cast<int>(decl->variants.size());
          variant->fields = field_infos(v.fields, "variant '" + v.name + "'");
          m_.variant_by_name[v.name] = variant.get();
          decl->variants.push_back(std::move(variant));
        }
        m_.enum_by_name[d.name] = decl.get();
        m_.enums.push_back(std::move(decl));
        break;
      }
      case ast::StmtKind::Assign: {
        // NAME = value: a constant, lowered to a nullary graph that each use calls.
        const auto& a = static_cast<const ast::AssignStmt&>(s);
        if (a.target->kind != ast::ExprKind::Name)
          compile_error(a.target->loc, "a top-level constant must be a single name: NAME = value");
        const std::string& n = static_cast<const ast::NameExpr&>(*a.target).name;
        names.define(n, a.target->loc);
        ir::Graph* g = m_.new_graph(n, nullptr, a.loc, ir::GraphRole::Init);
        g->return_type = a.annotation.get();
        m_.functions[n] = g;
        m_.function_order.push_back(g);
        pending.push_back({g, nullptr, a.value.get()});
        break;
      }
      case ast::StmtKind::Import:
        // The driver loads the imported file; a file lowered on its own cannot import.
        if (!is_loaded_import(unit, s))
          compile_error(s.loc, "import \"" + static_cast<const ast::ImportStmt&>(s).path +
                                   "\" needs the file to be loaded: compile the program through fluxion");
        break;
      case ast::StmtKind::Return: compile_error(s.loc, "'return' outside a function");
      case ast::StmtKind::Break: compile_error(s.loc, "'break' outside a loop");
      case ast::StmtKind::Continue: compile_error(s.loc, "'continue' outside a loop");
      case ast::StmtKind::Pass: break;
      case ast::StmtKind::Expr:
        if (static_cast<const ast::ExprStmt&>(s).value->kind == ast::ExprKind::Str) break;  // a docstring
        [[fallthrough]];
      case ast::StmtKind::AugAssign: case ast::StmtKind::If: case ast::StmtKind::While: case ast::StmtKind::For:
      case ast::StmtKind::Assert: case ast::StmtKind::Match:
        compile_error(s.loc, "only definitions may appear at top level; put statements in main()");
    }
  }
}

ir::Graph* Lowerer::lower_eval(const ast::Expr& e, const ProgramScope* scope) {
  scope_ = scope;
  ir::Graph* g = m_.new_graph("__eval__", nullptr, e.loc, ir::GraphRole::Eval);
  FunctionScope fs;
  Env env;
  g->output = expr(e, ExprCtx{g, &env, &fs});
  return g;
}

void lower_program(ir::Module& m, const std::vector<SourceUnit>& units, ProgramScope& scope) {
  Lowerer(m).lower_program(units, scope);
}

ir::Graph* lower_expression(ir::Module& m, const ast::Expr& e, ProgramScope& scope, const SourceFile* seen_from) {
  if (e.loc.file) scope.see_as(e.loc.file, seen_from);
  return Lowerer(m).lower_eval(e, &scope);
}

void lower_module(ir::Module& m, const ast::Module& src) {
  ProgramScope scope;
  lower_program(m, {SourceUnit{&src, {}}}, scope);
}

ir::Graph* lower_expression(ir::Module& m, const ast::Expr& e) { return Lowerer(m).lower_eval(e, nullptr); }

}  // namespace fx::lower
