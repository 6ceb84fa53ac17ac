// def (with decorators), struct, enum, match/case patterns and type
// annotations (LANGUAGE.md §2, §4, §7).
#include "syntax/parser_impl.hpp"

namespace fx::syntax_detail {

using namespace ast;

// ---------------------------------------------------------------- functions

StmtPtr Parser::parse_decorated() {
  std::vector<ExprPtr> decorators;
  while (accept(TokenKind::At)) {
    decorators.push_back(parse_expr());
    expect(TokenKind::Newline, "end of line after the decorator");
  }
  if (!at(TokenKind::KwDef)) fail_expected("'def' after the decorator");
  return parse_function(std::move(decorators));
}

StmtPtr Parser::parse_function(std::vector<ExprPtr> decorators) {
  Token keyword = take();
  auto fn = std::make_unique<FunctionDef>(keyword.loc);
  fn->decorators = std::move(decorators);
  Token name = expect_name("a function name after 'def'");
  fn->name = std::string(name.text);
  fn->name_loc = name.loc;
  Token open = expect(TokenKind::LParen, "'(' after the function name");
  while (!at(TokenKind::RParen)) {
    add_param(fn->params, parse_param(/*allow_annotation=*/true));
    if (!accept(TokenKind::Comma)) break;
  }
  expect_closing(TokenKind::RParen, open, "',' or ')'");
  if (accept(TokenKind::Arrow)) fn->return_annotation = parse_type();
  expect(TokenKind::Colon, "':' after the function signature");
  fn->body = parse_block(keyword);
  return fn;
}

// `x`, `x: type`, `x=default`, `x: type = default` (lambdas: no annotation,
// since the ':' ends their parameter list).
Param Parser::parse_param(bool allow_annotation) {
  Token name = expect_name("a parameter name");
  Param param;
  param.loc = name.loc;
  param.name = std::string(name.text);
  if (allow_annotation && accept(TokenKind::Colon)) param.annotation = parse_type();
  if (accept(TokenKind::Assign)) param.default_value = parse_expr();
  return param;
}

void Parser::add_param(std::vector<Param>& params, Param param) {
  if (!param.default_value && !params.empty() && params.back().default_value)
    compile_error(param.loc, "expected a default value for parameter '" + param.name +
                                 "', since it follows a parameter with a default");
  params.push_back(std::move(param));
}

// ---------------------------------------------------------- structs, enums

StmtPtr Parser::parse_struct() {
  Token keyword = take();
  auto def = std::make_unique<StructDef>(keyword.loc);
  Token name = expect_name("a struct name after 'struct'");
  def->name = std::string(name.text);
  def->name_loc = name.loc;
  expect(TokenKind::Colon, "':' after the struct name");
  Token indent = expect_block_start(keyword);
  Nesting nesting(*this, indent.loc);
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) {
    def->fields.push_back(parse_field("a field declaration 'name: type'"));
    expect_end_of_statement();
  }
  accept(TokenKind::Dedent);
  return def;
}

StmtPtr Parser::parse_enum() {
  Token keyword = take();
  auto def = std::make_unique<EnumDef>(keyword.loc);
  Token enum_name = expect_name("an enum name after 'enum'");
  def->name = std::string(enum_name.text);
  def->name_loc = enum_name.loc;
  expect(TokenKind::Colon, "':' after the enum name");
  Token indent = expect_block_start(keyword);
  Nesting nesting(*this, indent.loc);
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) {
    Token name = expect_name("a variant name");
    VariantDecl variant{name.loc, std::string(name.text), {}};
    if (at(TokenKind::LParen)) {
      Token open = take();
      while (!at(TokenKind::RParen)) {
        variant.fields.push_back(parse_field("a field declaration 'name: type'"));
        if (!accept(TokenKind::Comma)) break;
      }
      expect_closing(TokenKind::RParen, open, "',' or ')'");
    }
    expect_end_of_statement();
    def->variants.push_back(std::move(variant));
  }
  accept(TokenKind::Dedent);
  return def;
}

FieldDecl Parser::parse_field(std::string_view what) {
  Token name = expect_name(what);
  expect(TokenKind::Colon, "':' and a type after the field name");
  return FieldDecl{name.loc, std::string(name.text), parse_type()};
}

// -------------------------------------------------------------------- match

StmtPtr Parser::parse_match() {
  Token keyword = take();
  auto match = std::make_unique<MatchStmt>(keyword.loc);
  match->subject = parse_expr();
  expect(TokenKind::Colon, "':' after the match subject");
  Token indent = expect_block_start(keyword);
  Nesting nesting(*this, indent.loc);
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) {
    Token case_keyword = expect(TokenKind::KwCase, "'case'");
    MatchCase match_case;
    match_case.loc = case_keyword.loc;
    match_case.pattern = parse_pattern();
    expect(TokenKind::Colon, "':' after the case pattern");
    match_case.body = parse_block(case_keyword);
    match->cases.push_back(std::move(match_case));
  }
  accept(TokenKind::Dedent);
  return match;
}

// `_`, a name, a literal (`-` allowed before a number; `None` is a literal
// NameExpr), or Variant(p1, p2, ...).
std::unique_ptr<Pattern> Parser::parse_pattern() {
  auto pattern = std::make_unique<Pattern>();
  const Token& token = peek();
  pattern->loc = token.loc;
  TokenKind kind = token.kind;
  if (kind == TokenKind::Name) {
    Token name = take();
    pattern->name = std::string(name.text);
    if (at(TokenKind::LParen)) {
      Token open = take();
      Nesting nesting(*this, open.loc);
      pattern->kind = PatternKind::Constructor;
      while (!at(TokenKind::RParen)) {
        pattern->args.push_back(parse_pattern());
        if (!accept(TokenKind::Comma)) break;
      }
      expect_closing(TokenKind::RParen, open, "',' or ')'");
    } else if (name.text == "_") {
      pattern->kind = PatternKind::Wildcard;
      pattern->name.clear();
    } else if (name.text == "None") {
      // As in Python, `case None:` compares with None rather than binding it.
      pattern->kind = PatternKind::Literal;
      pattern->name.clear();
      pattern->literal = std::make_unique<NameExpr>(name.loc, "None");
    } else {
      pattern->kind = PatternKind::Bind;
    }
    return pattern;
  }
  pattern->kind = PatternKind::Literal;
  if (kind == TokenKind::Int || kind == TokenKind::Float || kind == TokenKind::Str ||
      kind == TokenKind::KwTrue || kind == TokenKind::KwFalse) {
    pattern->literal = parse_atom();
    return pattern;
  }
  if (kind == TokenKind::Minus) {
    Token minus = take();
    if (at(TokenKind::Int))
      pattern->literal = parse_int_literal(take(), /*negate=*/true, minus.loc);
    else if (at(TokenKind::Float))
      pattern->literal = parse_float_literal(take(), /*negate=*/true, minus.loc);
    else
      fail_expected("a number after '-' in a pattern");
    return pattern;
  }
  fail_expected("a pattern (a name, '_', a literal or Variant(...))");
}

// -------------------------------------------------------------------- types

// `f64`, `Tensor[f64]`, `Tensor[f64, 2]`, a struct/enum name, `None`, `(A, B)` (name "tuple").
// `(A)` is just A; `(A,)` is a one-element tuple; `()` the empty tuple.
TypePtr Parser::parse_type() {
  if (at(TokenKind::LParen)) {
    Token open = take();
    Nesting nesting(*this, open.loc);
    auto tuple = std::make_unique<TypeExpr>();
    tuple->loc = open.loc;
    tuple->name = "tuple";
    if (accept(TokenKind::RParen)) return tuple;
    TypePtr first = parse_type();
    if (accept(TokenKind::RParen)) return first;
    if (!at(TokenKind::Comma)) expect_closing(TokenKind::RParen, open, "',' or ')'");
    tuple->args.push_back(std::move(first));
    while (accept(TokenKind::Comma) && !at(TokenKind::RParen)) tuple->args.push_back(parse_type());
    expect_closing(TokenKind::RParen, open, "',' or ')'");
    return tuple;
  }
  Token name = expect_name("a type");
  auto type = std::make_unique<TypeExpr>();
  type->loc = name.loc;
  type->name = std::string(name.text);
  if (at(TokenKind::LBracket)) {
    Token open = take();
    Nesting nesting(*this, open.loc);
    while (true) {
      if (at(TokenKind::Int)) {  // the rank in `Tensor[f64, 2]`; annotations check where it may go
        Token rank = take();
        auto arg = std::make_unique<TypeExpr>();
        arg->loc = rank.loc;
        arg->name = std::string(rank.text);
        type->args.push_back(std::move(arg));
      } else {
        type->args.push_back(parse_type());
      }
      if (!accept(TokenKind::Comma) || at(TokenKind::RBracket)) break;
    }
    expect_closing(TokenKind::RBracket, open, "',' or ']'");
  }
  return type;
}

}  // namespace fx::syntax_detail
