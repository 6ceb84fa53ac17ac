#include "lower/scan.hpp"

#include <functional>
#include <map>

namespace fx::lower {

namespace {

using ast::StmtKind;

class AssignmentCollector {
 public:
  explicit AssignmentCollector(const ir::Module& m) : m_(m) {}

  void block(const ast::Block& b) {
    for (const auto& s : b) stmt(*s);
  }

  std::vector<AssignedName> names;

 private:
  void add(const std::string& name, bool field_update) {
    auto it = index_.find(name);
    if (it == index_.end()) {
      index_[name] = names.size();
      names.push_back({name, field_update});
    } else if (!field_update) {
      names[it->second].only_field_updates = false;
    }
  }

  void target(const ast::Expr& t) {
    switch (t.kind) {
      case ast::ExprKind::Name: add(static_cast<const ast::NameExpr&>(t).name, false); return;
      case ast::ExprKind::Tuple:
        for (const auto& e : static_cast<const ast::TupleExpr&>(t).elements) target(*e);
        return;
      case ast::ExprKind::Attribute: case ast::ExprKind::Index: {
        // p.a.b = v, x[i] = v and p.w[i] = v rebind p / x (a field or element update).
        const ast::Expr* base = &t;
        while (base->kind == ast::ExprKind::Attribute || base->kind == ast::ExprKind::Index)
          base = base->kind == ast::ExprKind::Attribute ? static_cast<const ast::AttributeExpr*>(base)->base.get()
                                                         : static_cast<const ast::IndexExpr*>(base)->base.get();
        if (base->kind == ast::ExprKind::Name) add(static_cast<const ast::NameExpr*>(base)->name, true);
        return;
      }
      default: return;  // invalid targets are reported when lowered
    }
  }

  void stmt(const ast::Stmt& s) {
    switch (s.kind) {
      case StmtKind::Assign: target(*static_cast<const ast::AssignStmt&>(s).target); return;
      case StmtKind::AugAssign: target(*static_cast<const ast::AugAssignStmt&>(s).target); return;
      case StmtKind::If: {
        // elif chains are nested IfStmts in else_body; walk them without recursion.
        const ast::IfStmt* i = static_cast<const ast::IfStmt*>(&s);
        while (true) {
          block(i->then_body);
          if (i->else_body.size() == 1 && i->else_body[0]->kind == StmtKind::If) {
            i = static_cast<const ast::IfStmt*>(i->else_body[0].get());
            continue;
          }
          block(i->else_body);
          return;
        }
      }
      case StmtKind::While: block(static_cast<const ast::WhileStmt&>(s).body); return;
      case StmtKind::For: {
        const auto& f = static_cast<const ast::ForStmt&>(s);
        target(*f.target);
        block(f.body);
        return;
      }
      case StmtKind::Match:
        for (const auto& c : static_cast<const ast::MatchStmt&>(s).cases) {
          std::vector<std::string> captured;
          if (c.pattern) pattern_captures(*c.pattern, m_, captured);
          for (const auto& n : captured) add(n, false);
          block(c.body);
        }
        return;
      case StmtKind::FunctionDef: add(static_cast<const ast::FunctionDef&>(s).name, false); return;
      case StmtKind::Expr: case StmtKind::Break: case StmtKind::Continue: case StmtKind::Return:
      case StmtKind::Pass: case StmtKind::Assert: case StmtKind::StructDef: case StmtKind::EnumDef:
      case StmtKind::Import:
        return;
    }
  }

  const ir::Module& m_;
  std::map<std::string, size_t> index_;
};

// Walks statements for break/return. `into_loops`: also look inside nested loops.
bool contains(const ast::Block& body, StmtKind wanted, bool into_loops) {
  for (const auto& sp : body) {
    const ast::Stmt& s = *sp;
    if (s.kind == wanted) return true;
    switch (s.kind) {
      case StmtKind::If: {
        const auto& i = static_cast<const ast::IfStmt&>(s);
        if (contains(i.then_body, wanted, into_loops) || contains(i.else_body, wanted, into_loops))
          return true;
        break;
      }
      case StmtKind::While:
        if (into_loops && contains(static_cast<const ast::WhileStmt&>(s).body, wanted, into_loops)) return true;
        break;
      case StmtKind::For:
        if (into_loops && contains(static_cast<const ast::ForStmt&>(s).body, wanted, into_loops)) return true;
        break;
      case StmtKind::Match:
        for (const auto& c : static_cast<const ast::MatchStmt&>(s).cases)
          if (contains(c.body, wanted, into_loops)) return true;
        break;
      case StmtKind::Expr: case StmtKind::Assign: case StmtKind::AugAssign: case StmtKind::Break:
      case StmtKind::Continue: case StmtKind::Return: case StmtKind::Pass: case StmtKind::Assert:
      case StmtKind::FunctionDef: case StmtKind::StructDef: case StmtKind::EnumDef: case StmtKind::Import:
        break;
    }
  }
  return false;
}

}  // namespace

void collect_locals(const ast::Block& body, const ir::Module& m, std::set<std::string>& out) {
  AssignmentCollector c(m);
  c.block(body);
  for (const auto& n : c.names)
    if (!n.only_field_updates) out.insert(n.name);
}

std::vector<AssignedName> collect_loop_assigned(const ast::Block& body, const ir::Module& m) {
  AssignmentCollector c(m);
  c.block(body);
  return std::move(c.names);
}

bool contains_break(const ast::Block& body) { return contains(body, StmtKind::Break, false); }
bool contains_return(const ast::Block& body) { return contains(body, StmtKind::Return, true); }

void pattern_captures(const ast::Pattern& p, const ir::Module& m, std::vector<std::string>& out) {
  switch (p.kind) {
    case ast::PatternKind::Bind:
      // A bare variant name (`case Empty:`) matches that variant; it binds nothing.
      if (!m.variant_by_name.count(p.name)) out.push_back(p.name);
      return;
    case ast::PatternKind::Constructor:
      for (const auto& a : p.args)
        if (a) pattern_captures(*a, m, out);
      return;
    case ast::PatternKind::Wildcard: case ast::PatternKind::Literal:
      return;
  }
}

void collect_names(const ast::Expr& e, std::set<std::string>& out) {
  switch (e.kind) {
    case ast::ExprKind::Int: case ast::ExprKind::Float: case ast::ExprKind::Bool: case ast::ExprKind::Str:
      return;
    case ast::ExprKind::Name: out.insert(static_cast<const ast::NameExpr&>(e).name); return;
    case ast::ExprKind::Unary: collect_names(*static_cast<const ast::UnaryExpr&>(e).operand, out); return;
    case ast::ExprKind::Binary: {
      // Left operands nest deeply in long chains (a + b + c + ...): walk them in a loop.
      const ast::Expr* cur = &e;
      while (cur->kind == ast::ExprKind::Binary) {
        const auto& b = static_cast<const ast::BinaryExpr&>(*cur);
        collect_names(*b.rhs, out);
        cur = b.lhs.get();
      }
      collect_names(*cur, out);
      return;
    }
    case ast::ExprKind::Compare:
      for (const auto& o : static_cast<const ast::CompareExpr&>(e).operands) collect_names(*o, out);
      return;
    case ast::ExprKind::IfExp: {
      const auto& i = static_cast<const ast::IfExpExpr&>(e);
      collect_names(*i.cond, out);
      collect_names(*i.then_value, out);
      collect_names(*i.else_value, out);
      return;
    }
    case ast::ExprKind::Lambda: collect_names(*static_cast<const ast::LambdaExpr&>(e).body, out); return;
    case ast::ExprKind::Call: {
      const auto& c = static_cast<const ast::CallExpr&>(e);
      collect_names(*c.callee, out);
      for (const auto& a : c.args) collect_names(*a, out);
      for (const auto& k : c.keywords) collect_names(*k.value, out);
      return;
    }
    case ast::ExprKind::Index: {
      const auto& i = static_cast<const ast::IndexExpr&>(e);
      collect_names(*i.base, out);
      for (const auto& x : i.indices) collect_names(*x, out);
      return;
    }
    case ast::ExprKind::Slice: {
      const auto& s = static_cast<const ast::SliceExpr&>(e);
      for (const ast::Expr* x : {s.lower.get(), s.upper.get(), s.step.get()})
        if (x) collect_names(*x, out);
      return;
    }
    case ast::ExprKind::Attribute: collect_names(*static_cast<const ast::AttributeExpr&>(e).base, out); return;
    case ast::ExprKind::Tuple:
      for (const auto& x : static_cast<const ast::TupleExpr&>(e).elements) collect_names(*x, out);
      return;
    case ast::ExprKind::List:
      for (const auto& x : static_cast<const ast::ListExpr&>(e).elements) collect_names(*x, out);
      return;
    case ast::ExprKind::ListComp: {
      // The target is bound inside the comprehension only: it is not a name of the scope.
      const auto& l = static_cast<const ast::ListCompExpr&>(e);
      std::set<std::string> inside;
      collect_names(*l.element, inside);
      if (l.cond) collect_names(*l.cond, inside);
      inside.erase(l.target);
      out.insert(inside.begin(), inside.end());
      collect_names(*l.iter, out);
      return;
    }
  }
}

namespace {

// Walks statements and reports every expression that is evaluated (reads) and every
// name that is bound, to two callbacks.
class StmtWalker {
 public:
  std::function<void(const ast::Expr&)> on_expr;
  std::function<void(const std::string&)> on_bound;

  void block(const ast::Block& b) {
    for (const auto& s : b) stmt(*s);
  }

  void stmt(const ast::Stmt& s) {
    switch (s.kind) {
      case StmtKind::Expr: on_expr(*static_cast<const ast::ExprStmt&>(s).value); return;
      case StmtKind::Assign: {
        const auto& a = static_cast<const ast::AssignStmt&>(s);
        on_expr(*a.value);
        target(*a.target);
        return;
      }
      case StmtKind::AugAssign: {
        const auto& a = static_cast<const ast::AugAssignStmt&>(s);
        on_expr(*a.target);  // x += v reads x
        on_expr(*a.value);
        target(*a.target);
        return;
      }
      case StmtKind::If: {
        const ast::IfStmt* i = static_cast<const ast::IfStmt*>(&s);
        while (true) {
          on_expr(*i->cond);
          block(i->then_body);
          if (i->else_body.size() == 1 && i->else_body[0]->kind == StmtKind::If) {
            i = static_cast<const ast::IfStmt*>(i->else_body[0].get());
            continue;
          }
          block(i->else_body);
          return;
        }
      }
      case StmtKind::While: {
        const auto& w = static_cast<const ast::WhileStmt&>(s);
        on_expr(*w.cond);
        block(w.body);
        return;
      }
      case StmtKind::For: {
        const auto& f = static_cast<const ast::ForStmt&>(s);
        on_expr(*f.iter);
        target(*f.target);
        block(f.body);
        return;
      }
      case StmtKind::Return:
        if (const auto& v = static_cast<const ast::ReturnStmt&>(s).value) on_expr(*v);
        return;
      case StmtKind::Assert: {
        const auto& a = static_cast<const ast::AssertStmt&>(s);
        on_expr(*a.cond);
        if (a.message) on_expr(*a.message);
        return;
      }
      case StmtKind::FunctionDef: {
        const auto& d = static_cast<const ast::FunctionDef&>(s);
        on_bound(d.name);
        for (const auto& p : d.params) on_bound(p.name);
        block(d.body);
        return;
      }
      case StmtKind::Match: {
        const auto& m = static_cast<const ast::MatchStmt&>(s);
        on_expr(*m.subject);
        for (const auto& c : m.cases) {
          if (c.pattern) pattern(*c.pattern);
          block(c.body);
        }
        return;
      }
      case StmtKind::Break: case StmtKind::Continue: case StmtKind::Pass: case StmtKind::StructDef:
      case StmtKind::EnumDef: case StmtKind::Import:
        return;
    }
  }

 private:
  // Assignment targets: names are bound; the bases of fields are read (p.f = v reads p).
  void target(const ast::Expr& t) {
    switch (t.kind) {
      case ast::ExprKind::Name: on_bound(static_cast<const ast::NameExpr&>(t).name); return;
      case ast::ExprKind::Tuple:
        for (const auto& e : static_cast<const ast::TupleExpr&>(t).elements) target(*e);
        return;
      default: on_expr(t); return;
    }
  }

  void pattern(const ast::Pattern& p) {
    if (p.kind == ast::PatternKind::Bind) on_bound(p.name);
    for (const auto& a : p.args)
      if (a) pattern(*a);
  }
};

void count_expr_reads(const ast::Expr& e, std::map<std::string, int>& counts) {
  std::set<std::string> names;
  collect_names(e, names);
  for (const auto& n : names) ++counts[n];
}

}  // namespace

void collect_stmt_names(const ast::Stmt& s, std::set<std::string>& out) {
  StmtWalker w;
  w.on_expr = [&](const ast::Expr& e) { collect_names(e, out); };
  w.on_bound = [&](const std::string& n) { out.insert(n); };
  w.stmt(s);
}

void count_reads(const ast::Block& body, std::map<std::string, int>& counts) {
  for (const auto& s : body) count_reads(*s, counts);
}

void count_reads(const ast::Stmt& s, std::map<std::string, int>& counts) {
  StmtWalker w;
  w.on_expr = [&](const ast::Expr& e) { count_expr_reads(e, counts); };
  w.on_bound = [](const std::string&) {};
  w.stmt(s);
}

}  // namespace fx::lower
