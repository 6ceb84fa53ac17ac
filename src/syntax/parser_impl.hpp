// The recursive-descent parser behind parse_module / parse_expression.
// Internal to src/syntax/: split over parse_expressions.cpp (precedence
// climbing), parse_statements.cpp and parse_declarations.cpp (def, struct,
// enum, match, types, patterns).
//
// Two limits keep every later pass safe from stack overflow, whatever the input:
//  * nesting (brackets, blocks, unary chains, lambdas, `**`, `elif`, ...) is at
//    most kMaxNesting levels: the parser's own recursion follows it;
//  * no expression tree is higher than kMaxExprHeight: left-associative chains
//    (`a + b + ...`, `x.a.b...`) are parsed by loops but still build deep trees.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

#include "support/diagnostics.hpp"
#include "syntax/ast.hpp"
#include "syntax/lexer.hpp"

namespace fx::syntax_detail {

constexpr int kMaxNesting = 256;
constexpr int kMaxExprHeight = 1000;

// Height of an expression tree (a leaf is 1). Recursion is bounded because the
// parser never builds a tree higher than kMaxExprHeight.
int expr_height(const ast::Expr& expr);

class Parser {
 public:
  Parser(const SourceFile& file, LexMode mode);

  std::unique_ptr<ast::Module> parse_file();
  ast::ExprPtr parse_lone_expression();

 private:
  // ------------------------------------------------------------ tokens
  const Token& peek(size_t ahead = 0);
  bool at(TokenKind kind) { return peek().kind == kind; }
  Token take();
  bool accept(TokenKind kind);
  // Consumes a `kind` token or fails with "expected <what>, found <token>".
  Token expect(TokenKind kind, std::string_view what);
  // Consumes the closer of the bracket `open`; `what` is what the message
  // says was expected (e.g. "',' or ')'"). Names the opener's line when the
  // bracket spans lines, since that is where the mistake usually is.
  Token expect_closing(TokenKind closer, const Token& open, std::string_view what);
  [[noreturn]] void fail_expected(std::string_view what, const Token& found);
  [[noreturn]] void fail_expected(std::string_view what) { fail_expected(what, peek()); }

  // Enters one more level of nesting, failing past kMaxNesting at `loc`.
  void enter_nesting(SourceLoc loc);

  // One level of nesting for the lifetime of the guard.
  class Nesting {
   public:
    Nesting(Parser& parser, SourceLoc loc);
    ~Nesting() { --parser_.depth_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;

   private:
    Parser& parser_;
  };

  // ------------------------------------------------------- expressions
  ast::ExprPtr parse_expr();            // lambda | `a if c else b` | binary
  ast::ExprPtr parse_expr_or_tuple();   // e1, e2, ... as a bare TupleExpr
  ast::ExprPtr parse_lambda();
  // Precedence climbing over `or`, `and`, prefix `not`, comparison chains and
  // the arithmetic operators: parses operators that bind at least as tightly
  // as `min_precedence` (see the table in parse_expressions.cpp).
  ast::ExprPtr parse_binary(int min_precedence);
  ast::ExprPtr parse_factor();
  ast::ExprPtr parse_power();
  ast::ExprPtr parse_postfix();
  ast::ExprPtr parse_atom();
  ast::ExprPtr parse_parenthesized();
  ast::ExprPtr parse_list();
  void parse_call_arguments(ast::CallExpr& call, const Token& open);
  [[noreturn]] void fail_generator();
  ast::ExprPtr parse_subscript_element();
  ast::ExprPtr parse_int_literal(const Token& token, bool negate, SourceLoc loc);
  ast::ExprPtr parse_float_literal(const Token& token, bool negate, SourceLoc loc);
  // Left-associative chains: `height` of the tree built so far must stay
  // within kMaxExprHeight; `loc` is the operator that made it grow.
  void check_height(int height, SourceLoc loc);
  bool starts_expression();

  // -------------------------------------------------------- statements
  ast::StmtPtr parse_statement();
  ast::StmtPtr parse_simple_statement();
  ast::StmtPtr parse_expression_statement();
  ast::StmtPtr parse_if();
  ast::StmtPtr parse_while();
  ast::StmtPtr parse_for();
  ast::StmtPtr parse_return();
  ast::StmtPtr parse_assert();
  ast::StmtPtr parse_import();
  ast::ExprPtr parse_for_target();
  void check_assign_target(const ast::Expr& target, bool augmented);
  void expect_end_of_statement();
  // After a header's ':': an indented block, or one simple statement on the
  // same line (`if x: return 1`). `header` names the construct for messages.
  ast::Block parse_block(const Token& header);
  ast::Block parse_indented_block(const Token& header);
  // Opens the indented body of struct/enum/match (no same-line form) and
  // returns its Indent token; the caller parses up to the Dedent.
  Token expect_block_start(const Token& header);

  // ------------------------------------------------------ declarations
  ast::StmtPtr parse_decorated();
  ast::StmtPtr parse_function(std::vector<ast::ExprPtr> decorators);
  ast::Param parse_param(bool allow_annotation);
  // Appends `param`, checking that parameters with defaults come last.
  void add_param(std::vector<ast::Param>& params, ast::Param param);
  ast::StmtPtr parse_struct();
  ast::StmtPtr parse_enum();
  ast::FieldDecl parse_field(std::string_view what);
  ast::StmtPtr parse_match();
  std::unique_ptr<ast::Pattern> parse_pattern();
  ast::TypePtr parse_type();
  Token expect_name(std::string_view what);

  const SourceFile& file_;
  Lexer lexer_;
  std::deque<Token> lookahead_;
  int depth_ = 0;
};

}  // namespace fx::syntax_detail
