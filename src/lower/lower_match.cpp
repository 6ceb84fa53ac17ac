// match: a chain of `if`s testing the subject against each case in order,
//
//   tag = variant_tag(s)
//   if(eq(tag, 0) [and nested tests], λ: bind fields; body₀, λ: if(..., λ: body₁, λ: ...))
//
// Exhaustiveness is checked first, so the last case needs no test: a value that reaches
// it matches it.
#include "lower/lowerer.hpp"
#include "lower/match_check.hpp"
#include "support/diagnostics.hpp"

namespace fx::lower {

using ir::Node;
using ir::Prim;

Ends Lowerer::match_stmt(const ast::MatchStmt& s, Cursor cur, FunctionScope& fs) {
  if (s.cases.empty()) compile_error(s.loc, "match needs at least one case");
  Node* subject = expr(*s.subject, at(cur, fs));

  std::vector<Pat> pats;
  pats.reserve(s.cases.size());
  for (const ast::MatchCase& c : s.cases) {
    if (!c.pattern) internal_error("lowering", "case without a pattern");
    pats.push_back(resolve_pattern(*c.pattern, m_));
  }
  for (size_t i = 0; i + 1 < pats.size(); ++i)
    if (pats[i].kind == Pat::Kind::Any)
      compile_error(s.cases[i + 1].loc, "this case is unreachable: the case before it matches every value");
  std::vector<const Pat*> rows;
  for (const Pat& p : pats) rows.push_back(&p);
  check_exhaustive(rows, s.loc);

  Node* tag = nullptr;
  for (const Pat& p : pats)
    if (p.kind == Pat::Kind::Variant && !tag) tag = m_.apply_prim(cur.g, Prim::VariantTag, {subject}, s.loc, "tag");

  Ends out;
  for (size_t i = 0; i < pats.size(); ++i) {
    const ast::MatchCase& c = s.cases[i];
    if (i + 1 == pats.size()) {
      bind_pattern(cur, subject, pats[i]);
      for (Cursor& end : block(c.body, std::move(cur), fs)) out.push_back(std::move(end));
      break;
    }
    Node* test = pattern_test(cur.g, subject, pats[i], tag);
    ir::Graph* case_g = branch(cur.g, "match_case", c.loc);
    ir::Graph* next_g = branch(cur.g, "match_next", c.loc);
    cur.g->output = if_node(cur.g, test, case_g, next_g, c.loc);
    Cursor in_case{case_g, cur.env};
    bind_pattern(in_case, subject, pats[i]);
    for (Cursor& end : block(c.body, std::move(in_case), fs)) out.push_back(std::move(end));
    cur.g = next_g;
  }
  return out;
}

Node* Lowerer::pattern_test(ir::Graph* g, Node* v, const Pat& p, Node* tag) {
  switch (p.kind) {
    case Pat::Kind::Any: return nullptr;
    case Pat::Kind::Literal: return m_.apply_prim(g, Prim::Eq, {v, m_.constant(p.literal, p.loc)}, p.loc);
    case Pat::Kind::Variant: {
      if (!tag) tag = m_.apply_prim(g, Prim::VariantTag, {v}, p.loc);
      Node* is = m_.apply_prim(g, Prim::Eq, {tag, m_.int_const(p.variant->index)}, p.loc);
      bool nested = false;
      for (const Pat& a : p.args) nested = nested || a.kind != Pat::Kind::Any;
      if (!nested) return is;
      // The fields may only be read once the variant is known: test them in a branch.
      ir::Graph* then_g = branch(g, "if_true", p.loc);
      ir::Graph* else_g = branch(g, "if_false", p.loc);
      else_g->output = m_.constant(false, p.loc);
      then_g->output = fields_test(then_g, v, p, 0);
      return if_node(g, is, then_g, else_g, p.loc);
    }
  }
  internal_error("lowering", "unknown pattern kind");
}

// The conjunction of the tests of p's fields from `from` on (at least one is refutable),
// short-circuiting left to right.
Node* Lowerer::fields_test(ir::Graph* g, Node* v, const Pat& p, size_t from) {
  size_t i = from;
  while (p.args[i].kind == Pat::Kind::Any) ++i;
  Node* field = m_.apply_prim(g, Prim::VariantField,
                              {v, m_.constant(p.variant, p.loc), m_.int_const(static_cast<int64_t>(i))}, p.args[i].loc);
  Node* test = pattern_test(g, field, p.args[i], nullptr);
  size_t next = i + 1;
  while (next < p.args.size() && p.args[next].kind == Pat::Kind::Any) ++next;
  if (next == p.args.size()) return test;
  ir::Graph* then_g = branch(g, "if_true", p.args[i].loc);
  ir::Graph* else_g = branch(g, "if_false", p.args[i].loc);
  else_g->output = m_.constant(false, p.args[i].loc);
  then_g->output = fields_test(then_g, v, p, next);
  return if_node(g, test, then_g, else_g, p.args[i].loc);
}

void Lowerer::bind_pattern(Cursor& c, Node* v, const Pat& p) {
  switch (p.kind) {
    case Pat::Kind::Any:
      if (!p.capture.empty()) assign_var(c.env, p.capture, v);
      return;
    case Pat::Kind::Literal: return;
    case Pat::Kind::Variant:
      for (size_t i = 0; i < p.args.size(); ++i) {
        const Pat& a = p.args[i];
        if (!a.binds_something()) continue;
        Node* field = m_.apply_prim(c.g, Prim::VariantField,
                                    {v, m_.constant(p.variant, p.loc), m_.int_const(static_cast<int64_t>(i))}, a.loc,
                                    a.capture);
        bind_pattern(c, field, a);
      }
      return;
  }
}

}  // namespace fx::lower
