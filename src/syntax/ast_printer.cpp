#include "syntax/ast_printer.hpp"

#include <charconv>
#include <cstdio>

namespace fx {

using namespace ast;

namespace {

// Everything appends into one string so that the recursion stays cheap in
// stack: trees may be ~1000 levels deep and sanitizer builds have big frames.
class Printer {
 public:
  std::string out;

  void expr(const Expr& e);
  void type(const TypeExpr& t);
  void pattern(const Pattern& p);
  void stmt(const Stmt& s, int indent);

 private:
  void word(const char* text) { out += text; }
  void word(const std::string& text) { out += text; }
  void optional(const ExprPtr& e) {
    if (e) expr(*e);
    else out += "nil";
  }
  void each(const std::vector<ExprPtr>& exprs) {  // " e1 e2 ..."
    for (const ExprPtr& e : exprs) {
      out += ' ';
      expr(*e);
    }
  }
  void floating(double value);
  void quoted(const std::string& value);
  void param(const Param& p);
  void params(const std::vector<Param>& ps);
  void fields(const std::vector<FieldDecl>& fs);
  void block(const Block& body, int indent);  // each statement on a new line
};

void Printer::floating(double value) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  // Keep floats distinguishable from ints: 1 → 1.0 (but 1e-10, inf, nan stay).
  if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
  out += text;
}

void Printer::quoted(const std::string& value) {
  out += '"';
  for (char c : value) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\x%02X", static_cast<unsigned char>(c));
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void Printer::param(const Param& p) {
  if (!p.annotation && !p.default_value) {
    out += p.name;
    return;
  }
  out += '(';
  out += p.name;
  if (p.annotation) {
    out += ": ";
    type(*p.annotation);
  }
  if (p.default_value) {
    out += " = ";
    expr(*p.default_value);
  }
  out += ')';
}

void Printer::params(const std::vector<Param>& ps) {
  out += '(';
  for (size_t i = 0; i < ps.size(); ++i) {
    if (i) out += ' ';
    param(ps[i]);
  }
  out += ')';
}

void Printer::fields(const std::vector<FieldDecl>& fs) {
  for (const FieldDecl& field : fs) {
    out += " (";
    out += field.name;
    out += ' ';
    type(*field.type);
    out += ')';
  }
}

void Printer::block(const Block& body, int indent) {
  for (const StmtPtr& s : body) {
    out += '\n';
    stmt(*s, indent);
  }
}

void Printer::type(const TypeExpr& t) {
  bool tuple = t.name == "tuple";
  if (!tuple) out += t.name;
  if (!tuple && t.args.empty()) return;
  out += tuple ? '(' : '[';
  for (size_t i = 0; i < t.args.size(); ++i) {
    if (i) out += ", ";
    type(*t.args[i]);
  }
  if (tuple && t.args.size() == 1) out += ',';
  out += tuple ? ')' : ']';
}

void Printer::pattern(const Pattern& p) {
  switch (p.kind) {
    case PatternKind::Wildcard: out += '_'; return;
    case PatternKind::Bind: out += p.name; return;
    case PatternKind::Literal: expr(*p.literal); return;
    case PatternKind::Constructor:
      out += '(';
      out += p.name;
      for (const auto& arg : p.args) {
        out += ' ';
        pattern(*arg);
      }
      out += ')';
      return;
  }
}

void Printer::expr(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Int: out += std::to_string(static_cast<const IntExpr&>(e).value); return;
    case ExprKind::Float: floating(static_cast<const FloatExpr&>(e).value); return;
    case ExprKind::Bool: word(static_cast<const BoolExpr&>(e).value ? "True" : "False"); return;
    case ExprKind::Str: quoted(static_cast<const StrExpr&>(e).value); return;
    case ExprKind::Name: out += static_cast<const NameExpr&>(e).name; return;
    case ExprKind::Unary: {
      auto& u = static_cast<const UnaryExpr&>(e);
      out += '(';
      word(to_string(u.op));
      out += ' ';
      expr(*u.operand);
      out += ')';
      return;
    }
    case ExprKind::Binary: {
      auto& b = static_cast<const BinaryExpr&>(e);
      out += '(';
      word(to_string(b.op));
      out += ' ';
      expr(*b.lhs);
      out += ' ';
      expr(*b.rhs);
      out += ')';
      return;
    }
    case ExprKind::Compare: {
      auto& c = static_cast<const CompareExpr&>(e);
      out += "(cmp ";
      expr(*c.operands[0]);
      for (size_t i = 0; i < c.ops.size(); ++i) {
        out += ' ';
        word(to_string(c.ops[i]));
        out += ' ';
        expr(*c.operands[i + 1]);
      }
      out += ')';
      return;
    }
    case ExprKind::IfExp: {
      auto& i = static_cast<const IfExpExpr&>(e);
      out += "(ifexp ";
      expr(*i.cond);
      out += ' ';
      expr(*i.then_value);
      out += ' ';
      expr(*i.else_value);
      out += ')';
      return;
    }
    case ExprKind::Lambda: {
      auto& l = static_cast<const LambdaExpr&>(e);
      out += "(lambda ";
      params(l.params);
      out += ' ';
      expr(*l.body);
      out += ')';
      return;
    }
    case ExprKind::Call: {
      auto& c = static_cast<const CallExpr&>(e);
      out += "(call ";
      expr(*c.callee);
      each(c.args);
      for (const KeywordArg& k : c.keywords) {
        out += ' ';
        out += k.name;
        out += '=';
        expr(*k.value);
      }
      out += ')';
      return;
    }
    case ExprKind::Index: {
      auto& i = static_cast<const IndexExpr&>(e);
      out += "(index ";
      expr(*i.base);
      each(i.indices);
      out += ')';
      return;
    }
    case ExprKind::Slice: {
      auto& s = static_cast<const SliceExpr&>(e);
      out += "(slice ";
      optional(s.lower);
      out += ' ';
      optional(s.upper);
      out += ' ';
      optional(s.step);
      out += ')';
      return;
    }
    case ExprKind::Attribute: {
      auto& a = static_cast<const AttributeExpr&>(e);
      out += "(. ";
      expr(*a.base);
      out += ' ';
      out += a.attr;
      out += ')';
      return;
    }
    case ExprKind::Tuple:
      out += "(tuple";
      each(static_cast<const TupleExpr&>(e).elements);
      out += ')';
      return;
    case ExprKind::List:
      out += "(list";
      each(static_cast<const ListExpr&>(e).elements);
      out += ')';
      return;
    case ExprKind::ListComp: {
      auto& c = static_cast<const ListCompExpr&>(e);
      out += "(listcomp ";
      expr(*c.element);
      out += " for ";
      out += c.target;
      out += " in ";
      expr(*c.iter);
      if (c.cond) {
        out += " if ";
        expr(*c.cond);
      }
      out += ')';
      return;
    }
  }
}

void Printer::stmt(const Stmt& s, int indent) {
  out.append(static_cast<size_t>(indent), ' ');
  switch (s.kind) {
    case StmtKind::Expr:
      out += "(expr ";
      expr(*static_cast<const ExprStmt&>(s).value);
      out += ')';
      return;
    case StmtKind::Assign: {
      auto& a = static_cast<const AssignStmt&>(s);
      out += "(= ";
      expr(*a.target);
      if (a.annotation) {
        out += " : ";
        type(*a.annotation);
      }
      out += ' ';
      expr(*a.value);
      out += ')';
      return;
    }
    case StmtKind::AugAssign: {
      auto& a = static_cast<const AugAssignStmt&>(s);
      out += '(';
      word(to_string(a.op));
      out += "= ";
      expr(*a.target);
      out += ' ';
      expr(*a.value);
      out += ')';
      return;
    }
    case StmtKind::If: {
      auto& i = static_cast<const IfStmt&>(s);
      out += "(if ";
      expr(*i.cond);
      block(i.then_body, indent + 2);
      if (!i.else_body.empty()) {
        out += '\n';
        out.append(static_cast<size_t>(indent), ' ');
        out += " else";
        block(i.else_body, indent + 2);
      }
      out += ')';
      return;
    }
    case StmtKind::While: {
      auto& w = static_cast<const WhileStmt&>(s);
      out += "(while ";
      expr(*w.cond);
      block(w.body, indent + 2);
      out += ')';
      return;
    }
    case StmtKind::For: {
      auto& f = static_cast<const ForStmt&>(s);
      out += "(for ";
      expr(*f.target);
      out += " in ";
      expr(*f.iter);
      block(f.body, indent + 2);
      out += ')';
      return;
    }
    case StmtKind::Break: out += "(break)"; return;
    case StmtKind::Continue: out += "(continue)"; return;
    case StmtKind::Pass: out += "(pass)"; return;
    case StmtKind::Return: {
      auto& r = static_cast<const ReturnStmt&>(s);
      out += "(return";
      if (r.value) {
        out += ' ';
        expr(*r.value);
      }
      out += ')';
      return;
    }
    case StmtKind::Assert: {
      auto& a = static_cast<const AssertStmt&>(s);
      out += "(assert ";
      expr(*a.cond);
      if (a.message) {
        out += ' ';
        expr(*a.message);
      }
      out += ')';
      return;
    }
    case StmtKind::FunctionDef: {
      auto& f = static_cast<const FunctionDef&>(s);
      out += "(def ";
      out += f.name;
      out += ' ';
      params(f.params);
      if (f.return_annotation) {
        out += " -> ";
        type(*f.return_annotation);
      }
      for (const ExprPtr& decorator : f.decorators) {
        out += " @";
        expr(*decorator);
      }
      block(f.body, indent + 2);
      out += ')';
      return;
    }
    case StmtKind::StructDef: {
      auto& d = static_cast<const StructDef&>(s);
      out += "(struct ";
      out += d.name;
      fields(d.fields);
      out += ')';
      return;
    }
    case StmtKind::EnumDef: {
      auto& d = static_cast<const EnumDef&>(s);
      out += "(enum ";
      out += d.name;
      for (const VariantDecl& variant : d.variants) {
        out += " (";
        out += variant.name;
        fields(variant.fields);
        out += ')';
      }
      out += ')';
      return;
    }
    case StmtKind::Match: {
      auto& m = static_cast<const MatchStmt&>(s);
      out += "(match ";
      expr(*m.subject);
      for (const MatchCase& match_case : m.cases) {
        out += '\n';
        out.append(static_cast<size_t>(indent + 2), ' ');
        out += "(case ";
        pattern(*match_case.pattern);
        block(match_case.body, indent + 4);
        out += ')';
      }
      out += ')';
      return;
    }
    case StmtKind::Import:
      out += "(import ";
      quoted(static_cast<const ImportStmt&>(s).path);
      out += ')';
      return;
  }
}

}  // namespace

std::string dump(const Module& module) {
  Printer printer;
  for (const StmtPtr& s : module.body) {
    printer.stmt(*s, 0);
    printer.out += '\n';
  }
  return std::move(printer.out);
}

std::string dump(const Stmt& stmt) {
  Printer printer;
  printer.stmt(stmt, 0);
  return std::move(printer.out);
}

std::string dump(const Expr& expr) {
  Printer printer;
  printer.expr(expr);
  return std::move(printer.out);
}

std::string dump(const TypeExpr& type) {
  Printer printer;
  printer.type(type);
  return std::move(printer.out);
}

std::string dump(const Pattern& pattern) {
  Printer printer;
  printer.pattern(pattern);
  return std::move(printer.out);
}

}  // namespace fx
