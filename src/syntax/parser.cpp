// Entry points and the token plumbing shared by the parse_*.cpp files.
#include "syntax/parser.hpp"

#include <algorithm>

#include "syntax/parser_impl.hpp"

namespace fx {

std::unique_ptr<ast::Module> parse_module(const SourceFile& file) {
  syntax_detail::Parser parser(file, LexMode::Module);
  return parser.parse_file();
}

ast::ExprPtr parse_expression(const SourceFile& file) {
  syntax_detail::Parser parser(file, LexMode::Expression);
  return parser.parse_lone_expression();
}

}  // namespace fx

namespace fx::syntax_detail {

using ast::Expr;
using ast::ExprKind;

Parser::Parser(const SourceFile& file, LexMode mode) : file_(file), lexer_(file, mode) {}

std::unique_ptr<ast::Module> Parser::parse_file() {
  auto module = std::make_unique<ast::Module>();
  module->file = &file_;
  while (!at(TokenKind::EndOfFile)) module->body.push_back(parse_statement());
  return module;
}

ast::ExprPtr Parser::parse_lone_expression() {
  ast::ExprPtr expr = parse_expr_or_tuple();
  if (!at(TokenKind::EndOfFile)) fail_expected("end of the expression");
  return expr;
}

// ------------------------------------------------------------------ tokens

const Token& Parser::peek(size_t ahead) {
  while (lookahead_.size() <= ahead) lookahead_.push_back(lexer_.next());
  return lookahead_[ahead];
}

Token Parser::take() {
  peek();
  Token token = std::move(lookahead_.front());
  lookahead_.pop_front();
  return token;
}

bool Parser::accept(TokenKind kind) {
  if (!at(kind)) return false;
  take();
  return true;
}

Token Parser::expect(TokenKind kind, std::string_view what) {
  if (!at(kind)) fail_expected(what);
  return take();
}

Token Parser::expect_closing(TokenKind closer, const Token& open, std::string_view what) {
  if (at(closer)) return take();
  std::string message = "expected " + std::string(what);
  const Token& found = peek();
  if (found.loc.line != open.loc.line)
    message += " to close the '" + std::string(open.text) + "' from line " +
               std::to_string(open.loc.line) + ":" + std::to_string(open.loc.col);
  compile_error(found.loc, message + ", found " + describe_token(found));
}

void Parser::fail_expected(std::string_view what, const Token& found) {
  compile_error(found.loc, "expected " + std::string(what) + ", found " + describe_token(found));
}

Token Parser::expect_name(std::string_view what) {
  if (!at(TokenKind::Name)) fail_expected(what);
  return take();
}

void Parser::enter_nesting(SourceLoc loc) {
  if (depth_ >= kMaxNesting)
    compile_error(loc, "nesting too deep (limit " + std::to_string(kMaxNesting) + ")");
  ++depth_;
}

Parser::Nesting::Nesting(Parser& parser, SourceLoc loc) : parser_(parser) {
  parser_.enter_nesting(loc);
}

void Parser::check_height(int height, SourceLoc loc) {
  if (height > kMaxExprHeight)
    compile_error(loc, "nesting too deep (an expression tree deeper than " +
                           std::to_string(kMaxExprHeight) +
                           " levels); split it using intermediate variables");
}

// ------------------------------------------------------------------ height

namespace {

int height_of(const ast::ExprPtr& expr) { return expr ? expr_height(*expr) : 0; }

template <typename Range>
int max_height(const Range& exprs) {
  int height = 0;
  for (const ast::ExprPtr& e : exprs) height = std::max(height, height_of(e));
  return height;
}

}  // namespace

int expr_height(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Int:
    case ExprKind::Float:
    case ExprKind::Bool:
    case ExprKind::Str:
    case ExprKind::Name: return 1;
    case ExprKind::Unary: return 1 + height_of(static_cast<const ast::UnaryExpr&>(expr).operand);
    case ExprKind::Binary: {
      auto& e = static_cast<const ast::BinaryExpr&>(expr);
      return 1 + std::max(height_of(e.lhs), height_of(e.rhs));
    }
    case ExprKind::Compare: return 1 + max_height(static_cast<const ast::CompareExpr&>(expr).operands);
    case ExprKind::IfExp: {
      auto& e = static_cast<const ast::IfExpExpr&>(expr);
      return 1 + std::max({height_of(e.cond), height_of(e.then_value), height_of(e.else_value)});
    }
    case ExprKind::Lambda: {
      auto& e = static_cast<const ast::LambdaExpr&>(expr);
      int height = height_of(e.body);
      for (const ast::Param& p : e.params) height = std::max(height, height_of(p.default_value));
      return 1 + height;
    }
    case ExprKind::Call: {
      auto& e = static_cast<const ast::CallExpr&>(expr);
      int height = std::max(height_of(e.callee), max_height(e.args));
      for (const ast::KeywordArg& k : e.keywords) height = std::max(height, height_of(k.value));
      return 1 + height;
    }
    case ExprKind::Index: {
      auto& e = static_cast<const ast::IndexExpr&>(expr);
      return 1 + std::max(height_of(e.base), max_height(e.indices));
    }
    case ExprKind::Slice: {
      auto& e = static_cast<const ast::SliceExpr&>(expr);
      return 1 + std::max({height_of(e.lower), height_of(e.upper), height_of(e.step)});
    }
    case ExprKind::Attribute: return 1 + height_of(static_cast<const ast::AttributeExpr&>(expr).base);
    case ExprKind::Tuple: return 1 + max_height(static_cast<const ast::TupleExpr&>(expr).elements);
    case ExprKind::List: return 1 + max_height(static_cast<const ast::ListExpr&>(expr).elements);
    case ExprKind::ListComp: {
      auto& e = static_cast<const ast::ListCompExpr&>(expr);
      return 1 + std::max({height_of(e.element), height_of(e.iter), height_of(e.cond)});
    }
  }
  return 1;
}

}  // namespace fx::syntax_detail
