// The top level: declares every struct, enum, function and constant first (so that all
// top-level names are visible everywhere, in any order), then lowers the bodies.
#include <set>

#include "lower/lower.hpp"
#include "lower/lowerer.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

struct Lowerer::PendingBody {
  ir::Graph* graph;
  const ast::FunctionDef* def = nullptr;  // a function
  const ast::Expr* value = nullptr;       // or a constant's value
};

namespace {

// One namespace for every top-level name, variants included.
class TopLevelNames {
 public:
  explicit TopLevelNames(const ir::Module& m) {
    // Names already in the module (an earlier file) count too.
    for (const auto& [n, g] : m.functions) first_[n] = g->loc;
    for (const auto& [n, s] : m.struct_by_name) first_[n] = s->loc;
    for (const auto& [n, e] : m.enum_by_name) first_[n] = e->loc;
    for (const auto& [n, v] : m.variant_by_name) first_[n] = v->loc;
  }

  void define(const std::string& name, SourceLoc loc) {
    auto [it, fresh] = first_.emplace(name, loc);
    if (!fresh)
      compile_error(loc, "'" + name + "' is already defined" +
                             (it->second.valid() ? " at line " + std::to_string(it->second.line) : std::string()));
  }

 private:
  std::map<std::string, SourceLoc> first_;
};

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

void Lowerer::lower_module(const ast::Module& src) {
  TopLevelNames names(m_);
  std::vector<PendingBody> pending;
  for (const auto& sp : src.body) {
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
      case ast::StmtKind::Import: compile_error(s.loc, "import is not supported yet");
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

ir::Graph* Lowerer::lower_eval(const ast::Expr& e) {
  ir::Graph* g = m_.new_graph("__eval__", nullptr, e.loc, ir::GraphRole::Eval);
  FunctionScope fs;
  Env env;
  g->output = expr(e, ExprCtx{g, &env, &fs});
  return g;
}

void lower_module(ir::Module& m, const ast::Module& src) { Lowerer(m).lower_module(src); }

ir::Graph* lower_expression(ir::Module& m, const ast::Expr& e) { return Lowerer(m).lower_eval(e); }

}  // namespace fx::lower
