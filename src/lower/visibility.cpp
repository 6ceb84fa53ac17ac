#include "lower/visibility.hpp"

#include "support/diagnostics.hpp"

namespace fx::lower {

namespace {

class NameWalker {
 public:
  NameWalker(const ir::Module& m, const ProgramScope& scope) : m_(m), scope_(scope) {}

  void block(const ast::Block& b) {
    for (const auto& s : b) stmt(*s);
  }

 private:
  void require(const std::string& name, SourceLoc loc) {
    if (!scope_.visible(name, loc.file)) scope_.not_visible(name, loc);
  }

  void type(const ast::TypeExpr* t) {
    if (!t) return;
    if (m_.struct_by_name.count(t->name) || m_.enum_by_name.count(t->name)) require(t->name, t->loc);
    for (const auto& a : t->args) type(a.get());
  }

  void pattern(const ast::Pattern* p) {
    if (!p) return;
    switch (p->kind) {
      case ast::PatternKind::Wildcard: return;
      case ast::PatternKind::Literal: expr(p->literal.get()); return;
      case ast::PatternKind::Bind:
        // A bare variant name matches the variant; any other name binds a variable.
        if (m_.variant_by_name.count(p->name)) require(p->name, p->loc);
        return;
      case ast::PatternKind::Constructor:
        if (m_.variant_by_name.count(p->name) || m_.struct_by_name.count(p->name)) require(p->name, p->loc);
        for (const auto& a : p->args) pattern(a.get());
        return;
    }
  }

  void params(const std::vector<ast::Param>& ps) {
    for (const ast::Param& p : ps) {
      type(p.annotation.get());
      expr(p.default_value.get());
    }
  }

  void fields(const std::vector<ast::FieldDecl>& fs) {
    for (const ast::FieldDecl& f : fs) type(f.type.get());
  }

  void exprs(const std::vector<ast::ExprPtr>& es) {
    for (const auto& e : es) expr(e.get());
  }

  void expr(const ast::Expr* e) {
    if (!e) return;
    switch (e->kind) {
      case ast::ExprKind::Int: case ast::ExprKind::Float: case ast::ExprKind::Bool: case ast::ExprKind::Str:
      case ast::ExprKind::Name:
        return;
      case ast::ExprKind::Unary: expr(static_cast<const ast::UnaryExpr*>(e)->operand.get()); return;
      case ast::ExprKind::Binary: {
        const auto* b = static_cast<const ast::BinaryExpr*>(e);
        expr(b->lhs.get());
        expr(b->rhs.get());
        return;
      }
      case ast::ExprKind::Compare: exprs(static_cast<const ast::CompareExpr*>(e)->operands); return;
      case ast::ExprKind::IfExp: {
        const auto* i = static_cast<const ast::IfExpExpr*>(e);
        expr(i->cond.get());
        expr(i->then_value.get());
        expr(i->else_value.get());
        return;
      }
      case ast::ExprKind::Lambda: {
        const auto* l = static_cast<const ast::LambdaExpr*>(e);
        params(l->params);
        expr(l->body.get());
        return;
      }
      case ast::ExprKind::Call: {
        const auto* c = static_cast<const ast::CallExpr*>(e);
        expr(c->callee.get());
        exprs(c->args);
        for (const ast::KeywordArg& k : c->keywords) expr(k.value.get());
        return;
      }
      case ast::ExprKind::Index: {
        const auto* i = static_cast<const ast::IndexExpr*>(e);
        expr(i->base.get());
        exprs(i->indices);
        return;
      }
      case ast::ExprKind::Slice: {
        const auto* s = static_cast<const ast::SliceExpr*>(e);
        expr(s->lower.get());
        expr(s->upper.get());
        expr(s->step.get());
        return;
      }
      case ast::ExprKind::Attribute: expr(static_cast<const ast::AttributeExpr*>(e)->base.get()); return;
      case ast::ExprKind::Tuple: exprs(static_cast<const ast::TupleExpr*>(e)->elements); return;
      case ast::ExprKind::List: exprs(static_cast<const ast::ListExpr*>(e)->elements); return;
      case ast::ExprKind::ListComp: {
        const auto* l = static_cast<const ast::ListCompExpr*>(e);
        expr(l->element.get());
        expr(l->iter.get());
        expr(l->cond.get());
        return;
      }
    }
  }

  void stmt(const ast::Stmt& s) {
    switch (s.kind) {
      case ast::StmtKind::Expr: expr(static_cast<const ast::ExprStmt&>(s).value.get()); return;
      case ast::StmtKind::Assign: {
        const auto& a = static_cast<const ast::AssignStmt&>(s);
        expr(a.target.get());
        expr(a.value.get());
        type(a.annotation.get());
        return;
      }
      case ast::StmtKind::AugAssign: {
        const auto& a = static_cast<const ast::AugAssignStmt&>(s);
        expr(a.target.get());
        expr(a.value.get());
        return;
      }
      case ast::StmtKind::If: {
        const auto& i = static_cast<const ast::IfStmt&>(s);
        expr(i.cond.get());
        block(i.then_body);
        block(i.else_body);
        return;
      }
      case ast::StmtKind::While: {
        const auto& w = static_cast<const ast::WhileStmt&>(s);
        expr(w.cond.get());
        block(w.body);
        return;
      }
      case ast::StmtKind::For: {
        const auto& f = static_cast<const ast::ForStmt&>(s);
        expr(f.target.get());
        expr(f.iter.get());
        block(f.body);
        return;
      }
      case ast::StmtKind::Return: expr(static_cast<const ast::ReturnStmt&>(s).value.get()); return;
      case ast::StmtKind::Assert: {
        const auto& a = static_cast<const ast::AssertStmt&>(s);
        expr(a.cond.get());
        expr(a.message.get());
        return;
      }
      case ast::StmtKind::FunctionDef: {
        const auto& d = static_cast<const ast::FunctionDef&>(s);
        exprs(d.decorators);
        params(d.params);
        type(d.return_annotation.get());
        block(d.body);
        return;
      }
      case ast::StmtKind::StructDef: fields(static_cast<const ast::StructDef&>(s).fields); return;
      case ast::StmtKind::EnumDef:
        for (const ast::VariantDecl& v : static_cast<const ast::EnumDef&>(s).variants) fields(v.fields);
        return;
      case ast::StmtKind::Match: {
        const auto& m = static_cast<const ast::MatchStmt&>(s);
        expr(m.subject.get());
        for (const ast::MatchCase& c : m.cases) {
          pattern(c.pattern.get());
          block(c.body);
        }
        return;
      }
      case ast::StmtKind::Break: case ast::StmtKind::Continue: case ast::StmtKind::Pass:
      case ast::StmtKind::Import:
        return;
    }
  }

  const ir::Module& m_;
  const ProgramScope& scope_;
};

}  // namespace

void check_annotation_and_pattern_names(const ir::Module& m, const ProgramScope& scope, const ast::Module& src) {
  NameWalker(m, scope).block(src.body);
}

}  // namespace fx::lower
