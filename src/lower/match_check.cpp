// Exhaustiveness by the usefulness algorithm over pattern matrices (Maranget, "Warnings
// for pattern matching", 2007): a match is exhaustive when a row of wildcards is not
// useful after all cases. Enums have a finite set of constructors (their variants), bool
// literals two; other literals (ints, floats, strings) never cover their type.
#include "lower/match_check.hpp"

#include <cstdio>
#include <optional>
#include <set>

#include "support/diagnostics.hpp"

namespace fx::lower {

namespace {

bool literal_of(const ast::Expr& e, Pat& out) {
  char buf[64];
  switch (e.kind) {
    case ast::ExprKind::Int: {
      int64_t v = static_cast<const ast::IntExpr&>(e).value;
      out.literal = v;
      out.literal_key = "i:" + std::to_string(v);
      return true;
    }
    case ast::ExprKind::Float: {
      double v = static_cast<const ast::FloatExpr&>(e).value;
      std::snprintf(buf, sizeof buf, "%.17g", v);
      out.literal = v;
      out.literal_key = std::string("f:") + buf;
      return true;
    }
    case ast::ExprKind::Bool: {
      bool v = static_cast<const ast::BoolExpr&>(e).value;
      out.literal = v;
      out.literal_key = v ? "b:True" : "b:False";
      return true;
    }
    case ast::ExprKind::Str:
      out.literal = static_cast<const ast::StrExpr&>(e).value;
      out.literal_key = "s:" + static_cast<const ast::StrExpr&>(e).value;
      return true;
    case ast::ExprKind::Name: {
      const std::string& n = static_cast<const ast::NameExpr&>(e).name;
      if (n == "True" || n == "False") {
        out.literal = n == "True";
        out.literal_key = "b:" + n;
        return true;
      }
      if (n == "None") {
        out.literal = ir::NoneVal{};
        out.literal_key = "none";
        return true;
      }
      return false;
    }
    case ast::ExprKind::Unary: {
      const auto& u = static_cast<const ast::UnaryExpr&>(e);
      if (u.op != ast::UnaryOp::Neg) return false;
      if (u.operand->kind == ast::ExprKind::Int) {
        int64_t v = static_cast<int64_t>(0ULL - static_cast<uint64_t>(static_cast<const ast::IntExpr&>(*u.operand).value));
        out.literal = v;
        out.literal_key = "i:" + std::to_string(v);
        return true;
      }
      if (u.operand->kind == ast::ExprKind::Float) {
        double v = -static_cast<const ast::FloatExpr&>(*u.operand).value;
        std::snprintf(buf, sizeof buf, "%.17g", v);
        out.literal = v;
        out.literal_key = std::string("f:") + buf;
        return true;
      }
      return false;
    }
    case ast::ExprKind::Binary: case ast::ExprKind::Compare: case ast::ExprKind::IfExp: case ast::ExprKind::Lambda:
    case ast::ExprKind::Call: case ast::ExprKind::Index: case ast::ExprKind::Slice: case ast::ExprKind::Attribute:
    case ast::ExprKind::Tuple: case ast::ExprKind::List: case ast::ExprKind::ListComp:
      return false;
  }
  return false;
}

std::string fields_text(size_t n) {
  return n == 1 ? " field" : " fields";
}

Pat resolve(const ast::Pattern& p, const ir::Module& m, std::set<std::string>& bound) {
  Pat out;
  out.loc = p.loc;
  switch (p.kind) {
    case ast::PatternKind::Wildcard: return out;
    case ast::PatternKind::Bind: {
      auto v = m.variant_by_name.find(p.name);
      if (v != m.variant_by_name.end()) {
        if (!v->second->fields.empty())
          compile_error(p.loc, "variant '" + p.name + "' has " + std::to_string(v->second->fields.size()) +
                                   fields_text(v->second->fields.size()) + "; match it with " + p.name + "(...)");
        out.kind = Pat::Kind::Variant;
        out.variant = v->second;
        return out;
      }
      if (!bound.insert(p.name).second) compile_error(p.loc, "name '" + p.name + "' is bound twice in this pattern");
      out.capture = p.name;
      return out;
    }
    case ast::PatternKind::Literal:
      out.kind = Pat::Kind::Literal;
      if (!p.literal || !literal_of(*p.literal, out))
        compile_error(p.loc, "a case pattern can only be a literal, a name, _ or a variant pattern");
      return out;
    case ast::PatternKind::Constructor: {
      auto v = m.variant_by_name.find(p.name);
      if (v == m.variant_by_name.end()) {
        if (m.struct_by_name.count(p.name))
          compile_error(p.loc, "'" + p.name + "' is a struct; case patterns can only match enum variants");
        compile_error(p.loc, "unknown variant '" + p.name + "'");
      }
      const ir::VariantDecl* variant = v->second;
      if (p.args.size() != variant->fields.size())
        compile_error(p.loc, "variant '" + p.name + "' has " + std::to_string(variant->fields.size()) +
                                 fields_text(variant->fields.size()) + ", but this pattern has " +
                                 std::to_string(p.args.size()));
      out.kind = Pat::Kind::Variant;
      out.variant = variant;
      for (const auto& a : p.args) out.args.push_back(resolve(*a, m, bound));
      return out;
    }
  }
  internal_error("lowering", "unknown pattern kind");
}

// ------------------------------------------------------------- usefulness
using Row = std::vector<const Pat*>;
using Witness = std::vector<std::string>;  // one pattern text per column

class Exhaustiveness {
 public:
  // A list of values (one per column) that no row matches, if there is one.
  std::optional<Witness> missing(const std::vector<Row>& rows, size_t width) {
    if (rows.empty()) return Witness(width, "_");
    if (width == 0) return std::nullopt;

    const Pat* first_variant = nullptr;
    const Pat* first_literal = nullptr;
    std::set<const ir::VariantDecl*> variants;
    std::set<std::string> literals;
    for (const Row& r : rows) {
      const Pat* h = r.front();
      if (h->kind == Pat::Kind::Variant) {
        if (first_literal)
          compile_error(h->loc, "a case cannot match both a variant and a literal at the same position");
        if (first_variant && first_variant->variant->owner != h->variant->owner)
          compile_error(h->loc, "variant '" + h->variant->name + "' belongs to enum '" + h->variant->owner->name +
                                    "', but another case here matches enum '" +
                                    first_variant->variant->owner->name + "'");
        if (!first_variant) first_variant = h;
        variants.insert(h->variant);
      } else if (h->kind == Pat::Kind::Literal) {
        if (first_variant)
          compile_error(h->loc, "a case cannot match both a variant and a literal at the same position");
        if (!first_literal) first_literal = h;
        literals.insert(h->literal_key);
      }
    }

    if (first_variant) {
      const ir::EnumDecl* e = first_variant->variant->owner;
      if (variants.size() == e->variants.size()) {
        for (const auto& v : e->variants) {
          size_t arity = v->fields.size();
          if (auto w = missing(specialise(rows, v.get()), arity + width - 1)) return wrap(v->name, arity, *w);
        }
        return std::nullopt;
      }
      auto w = missing(default_rows(rows), width - 1);
      if (!w) return std::nullopt;
      for (const auto& v : e->variants)
        if (!variants.count(v.get())) {
          w->insert(w->begin(), v->name + (v->fields.empty() ? "" : "(" + blanks(v->fields.size()) + ")"));
          break;
        }
      return w;
    }
    if (literals.count("b:True") && literals.count("b:False")) {
      for (const char* key : {"b:True", "b:False"})
        if (auto w = missing(specialise(rows, key), width - 1)) {
          w->insert(w->begin(), key + 2);
          return w;
        }
      return std::nullopt;
    }
    auto w = missing(default_rows(rows), width - 1);
    if (w) w->insert(w->begin(), first_literal ? other_literal(literals) : "_");
    return w;
  }

 private:
  static std::string blanks(size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i) s += i ? ", _" : "_";
    return s;
  }

  // A value of the literals' type that none of them is (concrete for integers).
  static std::string other_literal(const std::set<std::string>& keys) {
    if (keys.empty() || keys.begin()->rfind("i:", 0) != 0) return "_";
    for (int64_t i = 0;; ++i)
      if (!keys.count("i:" + std::to_string(i))) return std::to_string(i);
  }

  static std::optional<Witness> wrap(const std::string& name, size_t arity, Witness w) {
    std::string text = name;
    if (arity) {
      text += "(";
      for (size_t i = 0; i < arity; ++i) text += (i ? ", " : "") + w[i];
      text += ")";
    }
    Witness out{text};
    out.insert(out.end(), w.begin() + static_cast<long>(arity), w.end());
    return out;
  }

  // Rows whose head matches variant v, the head replaced by its field patterns.
  std::vector<Row> specialise(const std::vector<Row>& rows, const ir::VariantDecl* v) {
    std::vector<Row> out;
    for (const Row& r : rows) {
      const Pat* h = r.front();
      Row s;
      if (h->kind == Pat::Kind::Any) {
        s.assign(v->fields.size(), &any_);
      } else if (h->variant == v) {
        for (const Pat& a : h->args) s.push_back(&a);
      } else {
        continue;
      }
      s.insert(s.end(), r.begin() + 1, r.end());
      out.push_back(std::move(s));
    }
    return out;
  }

  // Rows whose head matches the literal `key`, without the head.
  std::vector<Row> specialise(const std::vector<Row>& rows, const std::string& key) {
    std::vector<Row> out;
    for (const Row& r : rows)
      if (r.front()->kind == Pat::Kind::Any || r.front()->literal_key == key) out.emplace_back(r.begin() + 1, r.end());
    return out;
  }

  // Rows whose head matches anything, without the head.
  std::vector<Row> default_rows(const std::vector<Row>& rows) {
    std::vector<Row> out;
    for (const Row& r : rows)
      if (r.front()->kind == Pat::Kind::Any) out.emplace_back(r.begin() + 1, r.end());
    return out;
  }

  const Pat any_{};
};

}  // namespace

bool Pat::binds_something() const {
  if (kind == Kind::Any) return !capture.empty();
  for (const Pat& a : args)
    if (a.binds_something()) return true;
  return false;
}

Pat resolve_pattern(const ast::Pattern& p, const ir::Module& m) {
  std::set<std::string> bound;
  return resolve(p, m, bound);
}

void check_exhaustive(const std::vector<const Pat*>& cases, SourceLoc match_loc) {
  std::vector<Row> rows;
  bool catch_all = false;
  std::set<const ir::VariantDecl*> top_variants;
  const ir::EnumDecl* top_enum = nullptr;
  bool top_literals = false;
  for (const Pat* p : cases) {
    rows.push_back(Row{p});
    catch_all = catch_all || p->kind == Pat::Kind::Any;
    if (p->kind == Pat::Kind::Variant) {
      top_variants.insert(p->variant);
      if (!top_enum) top_enum = p->variant->owner;
    }
    top_literals = top_literals || p->kind == Pat::Kind::Literal;
  }
  Exhaustiveness check;
  std::optional<Witness> w = check.missing(rows, 1);  // also reports mixed enums/literals
  if (!w) return;
  if (top_enum && !catch_all)
    for (const auto& v : top_enum->variants)
      if (!top_variants.count(v.get()))
        compile_error(match_loc, "match is not exhaustive: variant '" + v->name + "' of enum '" + top_enum->name +
                                     "' is not handled");
  if (top_literals && !top_enum && (w->front() == "_" || w->front().find_first_not_of("0123456789") == std::string::npos))
    compile_error(match_loc, "match is not exhaustive: add `case _:` for the values no literal pattern matches");
  compile_error(match_loc, "match is not exhaustive: no case matches " + w->front());
}

}  // namespace fx::lower
