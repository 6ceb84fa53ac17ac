// Statements and blocks (LANGUAGE.md §4). Declarations (def, struct, enum,
// match) are in parse_declarations.cpp.
#include "syntax/parser_impl.hpp"

namespace fx::syntax_detail {

using namespace ast;

namespace {

bool augmented_op(TokenKind kind, BinaryOp& op) {
  switch (kind) {
    case TokenKind::PlusAssign: op = BinaryOp::Add; return true;
    case TokenKind::MinusAssign: op = BinaryOp::Sub; return true;
    case TokenKind::StarAssign: op = BinaryOp::Mul; return true;
    case TokenKind::SlashAssign: op = BinaryOp::Div; return true;
    case TokenKind::DoubleSlashAssign: op = BinaryOp::FloorDiv; return true;
    case TokenKind::PercentAssign: op = BinaryOp::Mod; return true;
    case TokenKind::DoubleStarAssign: op = BinaryOp::Pow; return true;
    case TokenKind::AtAssign: op = BinaryOp::MatMul; return true;
    default: return false;
  }
}

bool starts_compound_statement(TokenKind kind) {
  return kind == TokenKind::KwDef || kind == TokenKind::At || kind == TokenKind::KwIf ||
         kind == TokenKind::KwWhile || kind == TokenKind::KwFor || kind == TokenKind::KwStruct ||
         kind == TokenKind::KwEnum || kind == TokenKind::KwMatch;
}

// What an assignment error calls a non-assignable expression.
const char* describe_unassignable(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Int:
    case ExprKind::Float:
    case ExprKind::Bool:
    case ExprKind::Str: return "a literal";
    case ExprKind::Call: return "a call";
    case ExprKind::Unary:
    case ExprKind::Binary:
    case ExprKind::Compare: return "an operator expression";
    case ExprKind::IfExp: return "a conditional expression";
    case ExprKind::Lambda: return "a lambda";
    case ExprKind::List: return "a tensor literal";
    case ExprKind::ListComp: return "a comprehension";
    case ExprKind::Slice: return "a slice";
    case ExprKind::Name:
    case ExprKind::Index:
    case ExprKind::Attribute:
    case ExprKind::Tuple: break;
  }
  return "this expression";
}

}  // namespace

StmtPtr Parser::parse_statement() {
  const Token& token = peek();
  switch (token.kind) {
    case TokenKind::KwDef: return parse_function({});
    case TokenKind::At: return parse_decorated();
    case TokenKind::KwIf: return parse_if();
    case TokenKind::KwWhile: return parse_while();
    case TokenKind::KwFor: return parse_for();
    case TokenKind::KwStruct: return parse_struct();
    case TokenKind::KwEnum: return parse_enum();
    case TokenKind::KwMatch: return parse_match();
    case TokenKind::KwElse:
    case TokenKind::KwElif:
      compile_error(token.loc, "expected a statement, found " + describe_token(token) +
                                   " without a matching 'if'");
    case TokenKind::KwCase:
      compile_error(token.loc, "expected a statement, found 'case' outside a match block");
    case TokenKind::Indent:
      compile_error(token.loc, "expected a statement, found unexpected indentation");
    default: return parse_simple_statement();
  }
}

StmtPtr Parser::parse_simple_statement() {
  StmtPtr stmt;
  switch (peek().kind) {
    case TokenKind::KwReturn: stmt = parse_return(); break;
    case TokenKind::KwAssert: stmt = parse_assert(); break;
    case TokenKind::KwImport: stmt = parse_import(); break;
    case TokenKind::KwPass: stmt = std::make_unique<PassStmt>(take().loc); break;
    case TokenKind::KwBreak: stmt = std::make_unique<BreakStmt>(take().loc); break;
    case TokenKind::KwContinue: stmt = std::make_unique<ContinueStmt>(take().loc); break;
    default: stmt = parse_expression_statement(); break;
  }
  expect_end_of_statement();
  return stmt;
}

void Parser::expect_end_of_statement() { expect(TokenKind::Newline, "end of line"); }

// An expression, `target = value`, `name: type = value` or `target op= value`.
StmtPtr Parser::parse_expression_statement() {
  SourceLoc start = peek().loc;
  ExprPtr target = parse_expr_or_tuple();
  if (at(TokenKind::Colon) && target->kind == ExprKind::Name) {
    take();
    auto assign = std::make_unique<AssignStmt>(start);
    assign->annotation = parse_type();
    expect(TokenKind::Assign, "'=' and a value after the type annotation");
    assign->target = std::move(target);
    assign->value = parse_expr_or_tuple();
    return assign;
  }
  if (at(TokenKind::Colon) && (target->kind == ExprKind::Attribute || target->kind == ExprKind::Index))
    compile_error(peek().loc, "expected end of line, found ':' (only a plain variable can have "
                              "a type annotation)");
  if (accept(TokenKind::Assign)) {
    check_assign_target(*target, /*augmented=*/false);
    auto assign = std::make_unique<AssignStmt>(start);
    assign->target = std::move(target);
    assign->value = parse_expr_or_tuple();
    return assign;
  }
  BinaryOp op;
  if (augmented_op(peek().kind, op)) {
    take();
    check_assign_target(*target, /*augmented=*/true);
    auto assign = std::make_unique<AugAssignStmt>(start);
    assign->target = std::move(target);
    assign->op = op;
    assign->value = parse_expr_or_tuple();
    return assign;
  }
  return std::make_unique<ExprStmt>(start, std::move(target));
}

// Targets are variables, tuples of targets, and elements or fields of a
// variable (`x[i] = v` rebinds x, LANGUAGE.md §3), so the base of an
// Index/Attribute chain must be a name.
void Parser::check_assign_target(const Expr& target, bool augmented) {
  switch (target.kind) {
    case ExprKind::Name:
      if (static_cast<const NameExpr&>(target).name == "None")
        compile_error(target.loc, "cannot assign to None");
      return;
    case ExprKind::Tuple: {
      auto& tuple = static_cast<const TupleExpr&>(target);
      if (augmented)
        compile_error(target.loc, "cannot use an augmented assignment on a tuple; assign "
                                  "each element separately");
      if (tuple.elements.empty()) compile_error(target.loc, "cannot assign to ()");
      for (const ExprPtr& element : tuple.elements) check_assign_target(*element, false);
      return;
    }
    case ExprKind::Index:
    case ExprKind::Attribute: {
      const Expr* base = &target;
      while (base->kind == ExprKind::Index || base->kind == ExprKind::Attribute)
        base = base->kind == ExprKind::Index ? static_cast<const IndexExpr*>(base)->base.get()
                                             : static_cast<const AttributeExpr*>(base)->base.get();
      if (base->kind != ExprKind::Name)
        compile_error(target.loc, std::string("cannot assign to a part of ") +
                                      describe_unassignable(*base) +
                                      "; only a variable, or an element or field of one, can "
                                      "be assigned");
      return;
    }
    case ExprKind::Int:
    case ExprKind::Float:
    case ExprKind::Bool:
    case ExprKind::Str:
    case ExprKind::Unary:
    case ExprKind::Binary:
    case ExprKind::Compare:
    case ExprKind::IfExp:
    case ExprKind::Lambda:
    case ExprKind::Call:
    case ExprKind::Slice:
    case ExprKind::List:
    case ExprKind::ListComp: break;
  }
  compile_error(target.loc, std::string("cannot assign to ") + describe_unassignable(target));
}

StmtPtr Parser::parse_if() {
  Token keyword = take();
  auto root = std::make_unique<IfStmt>(keyword.loc);
  root->cond = parse_expr();
  expect(TokenKind::Colon, "':' after the if condition");
  root->then_body = parse_block(keyword);
  // Each elif is an IfStmt nested in the previous one's else_body, so a long
  // chain is deep in the tree: it counts towards the nesting limit.
  int saved_depth = depth_;
  IfStmt* current = root.get();
  while (at(TokenKind::KwElif)) {
    Token elif = take();
    enter_nesting(elif.loc);
    auto nested = std::make_unique<IfStmt>(elif.loc);
    nested->cond = parse_expr();
    expect(TokenKind::Colon, "':' after the elif condition");
    nested->then_body = parse_block(elif);
    IfStmt* next = nested.get();
    current->else_body.push_back(std::move(nested));
    current = next;
  }
  if (at(TokenKind::KwElse)) {
    Token else_keyword = take();
    expect(TokenKind::Colon, "':' after 'else'");
    current->else_body = parse_block(else_keyword);
  }
  depth_ = saved_depth;
  return root;
}

StmtPtr Parser::parse_while() {
  Token keyword = take();
  auto loop = std::make_unique<WhileStmt>(keyword.loc);
  loop->cond = parse_expr();
  expect(TokenKind::Colon, "':' after the while condition");
  loop->body = parse_block(keyword);
  return loop;
}

StmtPtr Parser::parse_for() {
  Token keyword = take();
  auto loop = std::make_unique<ForStmt>(keyword.loc);
  loop->target = parse_for_target();
  expect(TokenKind::KwIn, "'in' after the loop variable");
  loop->iter = parse_expr_or_tuple();
  expect(TokenKind::Colon, "':' after the for header");
  loop->body = parse_block(keyword);
  return loop;
}

// `i`, `i, j`, or the same in parentheses: `(i, j)`, `(a, (b, c))`.
ExprPtr Parser::parse_for_target() {
  SourceLoc start = peek().loc;
  auto single = [&]() -> ExprPtr {
    if (at(TokenKind::LParen)) {
      Token open = take();
      Nesting nesting(*this, open.loc);
      ExprPtr inner = parse_for_target();
      expect_closing(TokenKind::RParen, open, "',' or ')'");
      return inner;
    }
    Token name = expect_name("a loop variable name");
    return std::make_unique<NameExpr>(name.loc, std::string(name.text));
  };
  ExprPtr first = single();
  if (!at(TokenKind::Comma)) return first;
  auto tuple = std::make_unique<TupleExpr>(start);
  tuple->elements.push_back(std::move(first));
  while (accept(TokenKind::Comma) && (at(TokenKind::Name) || at(TokenKind::LParen)))
    tuple->elements.push_back(single());
  return tuple;
}

StmtPtr Parser::parse_return() {
  auto ret = std::make_unique<ReturnStmt>(take().loc);
  if (!at(TokenKind::Newline)) ret->value = parse_expr_or_tuple();
  return ret;
}

StmtPtr Parser::parse_assert() {
  auto assertion = std::make_unique<AssertStmt>(take().loc);
  assertion->cond = parse_expr();
  if (accept(TokenKind::Comma)) assertion->message = parse_expr();
  return assertion;
}

StmtPtr Parser::parse_import() {
  auto import = std::make_unique<ImportStmt>(take().loc);
  Token path = expect(TokenKind::Str, "a file path in quotes after 'import'");
  import->path = std::move(path.value);
  return import;
}

// ------------------------------------------------------------------ blocks

Block Parser::parse_block(const Token& header) {
  if (accept(TokenKind::Newline)) return parse_indented_block(header);
  if (starts_compound_statement(peek().kind))
    fail_expected("a line break and an indented block before a nested '" +
                  std::string(token_spelling(peek().kind)) + "'");
  Block body;
  body.push_back(parse_simple_statement());
  return body;
}

Block Parser::parse_indented_block(const Token& header) {
  if (!at(TokenKind::Indent))
    fail_expected("an indented block after '" + std::string(header.text) + "' on line " +
                  std::to_string(header.loc.line));
  Token indent = take();
  Nesting nesting(*this, indent.loc);
  Block body;
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) body.push_back(parse_statement());
  accept(TokenKind::Dedent);
  return body;
}

Token Parser::expect_block_start(const Token& header) {
  expect(TokenKind::Newline, "a line break after ':'");
  if (!at(TokenKind::Indent))
    fail_expected("an indented block after '" + std::string(header.text) + "' on line " +
                  std::to_string(header.loc.line));
  return take();
}

}  // namespace fx::syntax_detail
