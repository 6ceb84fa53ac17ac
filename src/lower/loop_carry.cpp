#include "lower/loop_carry.hpp"

#include <set>

#include "lower/scan.hpp"

namespace fx::lower {

namespace {

using ast::StmtKind;

// What a path through some statements does with the variable first.
enum class Flow {
  Open,        // some path gets through without reading or assigning it
  Done,        // every path assigns it first, or leaves the iteration (break/continue/return)
  ReadsFirst,  // some path reads it before assigning it
};

bool mentions(const ast::Expr& e, const std::string& var) {
  std::set<std::string> names;
  collect_names(e, names);
  return names.count(var) > 0;
}

// Does assigning to `target` bind var (x = ..., (x, y) = ...)?
bool binds(const ast::Expr& target, const std::string& var) {
  if (target.kind == ast::ExprKind::Name) return static_cast<const ast::NameExpr&>(target).name == var;
  if (target.kind == ast::ExprKind::Tuple)
    for (const auto& e : static_cast<const ast::TupleExpr&>(target).elements)
      if (binds(*e, var)) return true;
  return false;
}

// Does assigning to `target` read var (var.f = ..., var[0] = ...)?
bool target_reads(const ast::Expr& target, const std::string& var) {
  switch (target.kind) {
    case ast::ExprKind::Name: return false;
    case ast::ExprKind::Tuple:
      for (const auto& e : static_cast<const ast::TupleExpr&>(target).elements)
        if (target_reads(*e, var)) return true;
      return false;
    default: return mentions(target, var);
  }
}

class FirstUse {
 public:
  explicit FirstUse(const std::string& var) : var_(var) {}

  Flow block(const ast::Block& b) const {
    for (const auto& s : b) {
      Flow f = stmt(*s);
      if (f != Flow::Open) return f;
    }
    return Flow::Open;
  }

 private:
  Flow read_or(const ast::Expr& e, Flow otherwise) const {
    return mentions(e, var_) ? Flow::ReadsFirst : otherwise;
  }

  Flow stmt(const ast::Stmt& s) const {
    switch (s.kind) {
      case StmtKind::Expr: return read_or(*static_cast<const ast::ExprStmt&>(s).value, Flow::Open);
      case StmtKind::Assign: {
        const auto& a = static_cast<const ast::AssignStmt&>(s);
        if (mentions(*a.value, var_) || target_reads(*a.target, var_)) return Flow::ReadsFirst;
        return binds(*a.target, var_) ? Flow::Done : Flow::Open;
      }
      case StmtKind::AugAssign: {
        const auto& a = static_cast<const ast::AugAssignStmt&>(s);
        return mentions(*a.target, var_) || mentions(*a.value, var_) ? Flow::ReadsFirst : Flow::Open;
      }
      case StmtKind::If: {
        bool all_done = true;
        const ast::IfStmt* i = static_cast<const ast::IfStmt*>(&s);
        while (true) {
          if (mentions(*i->cond, var_)) return Flow::ReadsFirst;
          Flow then_flow = block(i->then_body);
          if (then_flow == Flow::ReadsFirst) return then_flow;
          all_done = all_done && then_flow == Flow::Done;
          if (i->else_body.size() == 1 && i->else_body[0]->kind == StmtKind::If) {
            i = static_cast<const ast::IfStmt*>(i->else_body[0].get());
            continue;
          }
          Flow else_flow = block(i->else_body);
          if (else_flow == Flow::ReadsFirst) return else_flow;
          return all_done && else_flow == Flow::Done ? Flow::Done : Flow::Open;
        }
      }
      case StmtKind::While: {
        const auto& w = static_cast<const ast::WhileStmt&>(s);
        if (mentions(*w.cond, var_)) return Flow::ReadsFirst;
        // May run zero times: Open unless its body reads first.
        return block(w.body) == Flow::ReadsFirst ? Flow::ReadsFirst : Flow::Open;
      }
      case StmtKind::For: {
        const auto& f = static_cast<const ast::ForStmt&>(s);
        if (mentions(*f.iter, var_)) return Flow::ReadsFirst;
        if (binds(*f.target, var_)) return Flow::Open;
        return block(f.body) == Flow::ReadsFirst ? Flow::ReadsFirst : Flow::Open;
      }
      case StmtKind::Return: {
        const auto& r = static_cast<const ast::ReturnStmt&>(s);
        return r.value ? read_or(*r.value, Flow::Done) : Flow::Done;
      }
      case StmtKind::Break: case StmtKind::Continue: return Flow::Done;
      case StmtKind::Pass: case StmtKind::StructDef: case StmtKind::EnumDef: case StmtKind::Import:
        return Flow::Open;
      case StmtKind::Assert: {
        const auto& a = static_cast<const ast::AssertStmt&>(s);
        return mentions(*a.cond, var_) || (a.message && mentions(*a.message, var_)) ? Flow::ReadsFirst : Flow::Open;
      }
      case StmtKind::FunctionDef: {
        const auto& d = static_cast<const ast::FunctionDef&>(s);
        if (d.name == var_) return Flow::Done;
        // A def captures what it reads when it is reached.
        std::set<std::string> names;
        collect_stmt_names(s, names);
        return names.count(var_) ? Flow::ReadsFirst : Flow::Open;
      }
      case StmtKind::Match: {
        const auto& m = static_cast<const ast::MatchStmt&>(s);
        if (mentions(*m.subject, var_)) return Flow::ReadsFirst;
        bool all_done = true;
        for (const auto& c : m.cases) {
          std::set<std::string> bound;
          collect_pattern_names(c, bound);
          if (bound.count(var_)) continue;  // the case binds it first
          Flow f = block(c.body);
          if (f == Flow::ReadsFirst) return f;
          all_done = all_done && f == Flow::Done;
        }
        // Match is exhaustive: there is no path around the cases.
        return all_done ? Flow::Done : Flow::Open;
      }
    }
    return Flow::ReadsFirst;
  }

  static void collect_pattern_names(const ast::MatchCase& c, std::set<std::string>& out) {
    std::vector<const ast::Pattern*> work{c.pattern.get()};
    while (!work.empty()) {
      const ast::Pattern* p = work.back();
      work.pop_back();
      if (!p) continue;
      if (p->kind == ast::PatternKind::Bind) out.insert(p->name);
      for (const auto& a : p->args) work.push_back(a.get());
    }
  }

  const std::string& var_;
};

}  // namespace

LoopCarry::LoopCarry(const ast::Block& body, const std::map<std::string, int>& function_reads)
    : body_(body), function_reads_(function_reads) {
  count_reads(body, body_reads_);
}

bool LoopCarry::read_outside(const std::string& var) const {
  auto total = function_reads_.find(var);
  auto inside = body_reads_.find(var);
  return (total == function_reads_.end() ? 0 : total->second) > (inside == body_reads_.end() ? 0 : inside->second);
}

bool LoopCarry::read_before_assigned(const std::string& var) const {
  return FirstUse(var).block(body_) == Flow::ReadsFirst;
}

}  // namespace fx::lower
