// Expressions by precedence climbing, loosest first (as in Python):
//   lambda < ternary < or < and < not < comparison < + - < * / // % @ < unary < ** < postfix
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>

#include "syntax/parser_impl.hpp"

namespace fx::syntax_detail {

using namespace ast;

namespace {

// Binding strength of the binary operators, loosest first (as in Python).
// Prefix `not` sits between `and` and the comparisons: `not a == b` is
// `not (a == b)`, and `a and not b` is `a and (not b)`.
constexpr int kOrPrecedence = 1;
constexpr int kAndPrecedence = 2;
constexpr int kNotPrecedence = 3;
constexpr int kComparePrecedence = 4;
constexpr int kAdditivePrecedence = 5;
constexpr int kMultiplicativePrecedence = 6;
constexpr int kNotBinary = 0;

// The precedence of `kind` as a binary operator (kNotBinary if it is not
// one); `op` receives the operator unless it is a comparison.
int binary_precedence(TokenKind kind, BinaryOp& op) {
  switch (kind) {
    case TokenKind::KwOr: op = BinaryOp::Or; return kOrPrecedence;
    case TokenKind::KwAnd: op = BinaryOp::And; return kAndPrecedence;
    case TokenKind::Lt: case TokenKind::Le: case TokenKind::Gt:
    case TokenKind::Ge: case TokenKind::EqEq: case TokenKind::NotEq: return kComparePrecedence;
    case TokenKind::Plus: op = BinaryOp::Add; return kAdditivePrecedence;
    case TokenKind::Minus: op = BinaryOp::Sub; return kAdditivePrecedence;
    case TokenKind::Star: op = BinaryOp::Mul; return kMultiplicativePrecedence;
    case TokenKind::Slash: op = BinaryOp::Div; return kMultiplicativePrecedence;
    case TokenKind::DoubleSlash: op = BinaryOp::FloorDiv; return kMultiplicativePrecedence;
    case TokenKind::Percent: op = BinaryOp::Mod; return kMultiplicativePrecedence;
    case TokenKind::At: op = BinaryOp::MatMul; return kMultiplicativePrecedence;
    default: return kNotBinary;
  }
}

bool compare_op(TokenKind kind, CompareOp& op) {
  if (kind == TokenKind::Lt) op = CompareOp::Lt;
  else if (kind == TokenKind::Le) op = CompareOp::Le;
  else if (kind == TokenKind::Gt) op = CompareOp::Gt;
  else if (kind == TokenKind::Ge) op = CompareOp::Ge;
  else if (kind == TokenKind::EqEq) op = CompareOp::Eq;
  else if (kind == TokenKind::NotEq) op = CompareOp::Ne;
  else return false;
  return true;
}

// Literal spellings can be thousands of digits long; messages quote a prefix.
std::string excerpt(std::string_view text) {
  return text.size() <= 32 ? std::string(text) : std::string(text.substr(0, 32)) + "...";
}

// Whether a float literal that from_chars reported out of range is too large
// (rather than too small): the decimal exponent of its leading digit is >= 0.
bool float_overflows(std::string_view text) {
  size_t e = text.find_first_of("eE");
  std::string_view mantissa = text.substr(0, e);
  size_t dot = mantissa.find('.');
  if (dot == std::string_view::npos) dot = mantissa.size();
  size_t lead = mantissa.find_first_of("123456789");
  if (lead == std::string_view::npos) return false;
  long magnitude = lead < dot ? static_cast<long>(dot - lead - 1) : -static_cast<long>(lead - dot);
  long exponent = 0;
  if (e != std::string_view::npos) {
    std::string_view digits = text.substr(e + 1);
    bool negative = !digits.empty() && digits[0] == '-';
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.remove_prefix(1);
    for (char c : digits) exponent = std::min(exponent * 10 + (c - '0'), 1L << 40);  // saturate
    if (negative) exponent = -exponent;
  }
  return magnitude + exponent >= 0;
}

}  // namespace

bool Parser::starts_expression() {
  switch (peek().kind) {
    case TokenKind::Name: case TokenKind::Int: case TokenKind::Float: case TokenKind::Str:
    case TokenKind::KwTrue: case TokenKind::KwFalse: case TokenKind::KwNot:
    case TokenKind::KwLambda: case TokenKind::LParen: case TokenKind::LBracket:
    case TokenKind::Minus: case TokenKind::Plus:
      return true;
    default:
      return false;
  }
}

// lambda, or `then if cond else other`, or a binary expression. The
// conditional is folded in here to keep the recursion per nesting level short.
ExprPtr Parser::parse_expr() {
  if (at(TokenKind::KwLambda)) return parse_lambda();
  SourceLoc start = peek().loc;
  ExprPtr then_value = parse_binary(kOrPrecedence);
  if (!at(TokenKind::KwIf)) return then_value;
  take();
  ExprPtr cond = parse_binary(kOrPrecedence);
  Token else_keyword = expect(TokenKind::KwElse, "'else' in the conditional expression");
  Nesting nesting(*this, else_keyword.loc);  // `a if b else c if d else ...` recurses
  ExprPtr else_value = parse_expr();
  return std::make_unique<IfExpExpr>(start, std::move(cond), std::move(then_value),
                                     std::move(else_value));
}

ExprPtr Parser::parse_expr_or_tuple() {
  SourceLoc start = peek().loc;
  ExprPtr first = parse_expr();
  if (!at(TokenKind::Comma)) return first;
  auto tuple = std::make_unique<TupleExpr>(start);
  tuple->elements.push_back(std::move(first));
  // A trailing comma is allowed, as in Python: `return a, b,` and `x = 1,`.
  while (accept(TokenKind::Comma) && starts_expression()) tuple->elements.push_back(parse_expr());
  return tuple;
}

ExprPtr Parser::parse_lambda() {
  Token keyword = take();
  Nesting nesting(*this, keyword.loc);
  auto lambda = std::make_unique<LambdaExpr>(keyword.loc);
  while (!at(TokenKind::Colon)) {
    add_param(lambda->params, parse_param(/*allow_annotation=*/false));
    if (!accept(TokenKind::Comma)) {
      if (!at(TokenKind::Colon)) fail_expected("',' or ':' after a lambda parameter");
      break;
    }
  }
  take();  // ':'
  lambda->body = parse_expr();
  return lambda;
}

ExprPtr Parser::parse_binary(int min_precedence) {
  SourceLoc start = peek().loc;
  ExprPtr lhs;
  if (at(TokenKind::KwNot) && min_precedence <= kNotPrecedence) {
    Token op = take();
    Nesting nesting(*this, op.loc);
    lhs = std::make_unique<UnaryExpr>(op.loc, UnaryOp::Not, parse_binary(kNotPrecedence));
  } else {
    lhs = parse_factor();
  }
  int height = -1;  // of lhs; computed on the first operator, most operands have none
  BinaryOp op = BinaryOp::Add;
  int precedence;
  while ((precedence = binary_precedence(peek().kind, op)) >= min_precedence) {
    if (precedence == kComparePrecedence) {
      // a < b <= c is one CompareExpr, located where the chain starts.
      auto compare = std::make_unique<CompareExpr>(start);
      compare->operands.push_back(std::move(lhs));
      CompareOp compare_kind;
      while (compare_op(peek().kind, compare_kind)) {
        compare->ops.push_back(compare_kind);
        compare->op_locs.push_back(take().loc);
        compare->operands.push_back(parse_binary(kComparePrecedence + 1));
      }
      height = -1;
      lhs = std::move(compare);
      continue;
    }
    // Left-associative: the right operand only takes tighter operators, and
    // the loop picks up the next operator of this level.
    Token op_token = take();
    ExprPtr rhs = parse_binary(precedence + 1);
    if (height < 0) height = expr_height(*lhs);
    height = std::max(height, expr_height(*rhs)) + 1;
    check_height(height, op_token.loc);
    lhs = std::make_unique<BinaryExpr>(op_token.loc, op, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parse_factor() {
  if (!at(TokenKind::Minus) && !at(TokenKind::Plus)) return parse_power();
  Token op = take();
  Nesting nesting(*this, op.loc);
  // -9223372036854775808 is a valid i64 although its digits alone are not;
  // read it as one literal unless an operator binds tighter than the minus.
  if (op.kind == TokenKind::Minus && at(TokenKind::Int) &&
      peek().text == "9223372036854775808") {
    TokenKind after = peek(1).kind;
    if (after != TokenKind::DoubleStar && after != TokenKind::LParen &&
        after != TokenKind::LBracket && after != TokenKind::Dot)
      return parse_int_literal(take(), /*negate=*/true, op.loc);
  }
  UnaryOp unary = op.kind == TokenKind::Minus ? UnaryOp::Neg : UnaryOp::Pos;
  return std::make_unique<UnaryExpr>(op.loc, unary, parse_factor());
}

ExprPtr Parser::parse_power() {
  ExprPtr base = parse_postfix();
  if (!at(TokenKind::DoubleStar)) return base;
  Token op = take();
  Nesting nesting(*this, op.loc);  // right-associative: recursion
  ExprPtr exponent = parse_factor();  // so that `2 ** -1` works
  return std::make_unique<BinaryExpr>(op.loc, BinaryOp::Pow, std::move(base), std::move(exponent));
}

ExprPtr Parser::parse_postfix() {
  ExprPtr expr = parse_atom();
  int height = -1;
  while (true) {
    if (at(TokenKind::LParen)) {
      Token open = take();
      auto call = std::make_unique<CallExpr>(open.loc);
      {
        Nesting nesting(*this, open.loc);
        parse_call_arguments(*call, open);
      }
      if (height < 0) height = expr_height(*expr);
      for (const ExprPtr& arg : call->args) height = std::max(height, expr_height(*arg));
      for (const KeywordArg& k : call->keywords) height = std::max(height, expr_height(*k.value));
      call->callee = std::move(expr);
      expr = std::move(call);
    } else if (at(TokenKind::LBracket)) {
      Token open = take();
      auto index = std::make_unique<IndexExpr>(open.loc);
      {
        Nesting nesting(*this, open.loc);
        if (at(TokenKind::RBracket)) fail_expected("an index");
        while (true) {
          index->indices.push_back(parse_subscript_element());
          if (!accept(TokenKind::Comma) || at(TokenKind::RBracket)) break;
        }
        expect_closing(TokenKind::RBracket, open, "',' or ']'");
      }
      if (height < 0) height = expr_height(*expr);
      for (const ExprPtr& i : index->indices) height = std::max(height, expr_height(*i));
      index->base = std::move(expr);
      expr = std::move(index);
    } else if (at(TokenKind::Dot)) {
      Token dot = take();
      Token name = expect_name("an attribute name after '.'");
      if (height < 0) height = expr_height(*expr);
      expr = std::make_unique<AttributeExpr>(dot.loc, std::move(expr), std::string(name.text));
    } else {
      return expr;
    }
    height += 1;
    check_height(height, expr->loc);
  }
}

void Parser::parse_call_arguments(CallExpr& call, const Token& open) {
  while (!at(TokenKind::RParen)) {
    if (at(TokenKind::Name) && peek(1).kind == TokenKind::Assign) {
      Token name = take();
      take();  // '='
      call.keywords.push_back(KeywordArg{name.loc, std::string(name.text), parse_expr()});
    } else {
      if (!call.keywords.empty())
        compile_error(peek().loc, "positional argument after a keyword argument: expected "
                                  "'name=value', found " + describe_token(peek()));
      call.args.push_back(parse_expr());
    }
    if (!accept(TokenKind::Comma)) break;
  }
  if (at(TokenKind::KwFor)) fail_generator();
  expect_closing(TokenKind::RParen, open, "',' or ')'");
}

// `f(x for x in xs)` / `(x for x in xs)`: Python generators do not exist here.
void Parser::fail_generator() {
  fail_expected("',' or ')' (there are no generator expressions; write a comprehension in "
                "brackets: [e for i in xs])");
}

// One position of x[...]: an expression, or a slice `a:b:s` with any part omitted.
ExprPtr Parser::parse_subscript_element() {
  SourceLoc start = peek().loc;
  ExprPtr lower;
  if (!at(TokenKind::Colon)) {
    lower = parse_expr();
    if (!at(TokenKind::Colon)) return lower;
  }
  take();  // ':'
  auto slice = std::make_unique<SliceExpr>(start);
  slice->lower = std::move(lower);
  auto ends_part = [&] {
    return at(TokenKind::Colon) || at(TokenKind::Comma) || at(TokenKind::RBracket);
  };
  if (!ends_part()) slice->upper = parse_expr();
  if (accept(TokenKind::Colon) && !ends_part()) slice->step = parse_expr();
  return slice;
}

ExprPtr Parser::parse_atom() {
  const Token& token = peek();
  TokenKind kind = token.kind;
  if (kind == TokenKind::Name) {
    Token name = take();
    return std::make_unique<NameExpr>(name.loc, std::string(name.text));
  }
  if (kind == TokenKind::Int) {
    Token number = take();
    return parse_int_literal(number, /*negate=*/false, number.loc);
  }
  if (kind == TokenKind::Float) {
    Token number = take();
    return parse_float_literal(number, /*negate=*/false, number.loc);
  }
  if (kind == TokenKind::Str) {
    Token first = take();
    std::string value = std::move(first.value);
    while (at(TokenKind::Str)) value += take().value;  // "a" "b", as in Python
    return std::make_unique<StrExpr>(first.loc, std::move(value));
  }
  if (kind == TokenKind::KwTrue || kind == TokenKind::KwFalse) {
    Token literal = take();
    return std::make_unique<BoolExpr>(literal.loc, kind == TokenKind::KwTrue);
  }
  if (kind == TokenKind::LParen) return parse_parenthesized();
  if (kind == TokenKind::LBracket) return parse_list();
  fail_expected("an expression");
}

// (e) is e; (), (e,) and (a, b, ...) are tuples.
ExprPtr Parser::parse_parenthesized() {
  Token open = take();
  Nesting nesting(*this, open.loc);
  auto tuple = std::make_unique<TupleExpr>(open.loc);
  if (accept(TokenKind::RParen)) return tuple;
  ExprPtr first = parse_expr();
  if (accept(TokenKind::RParen)) return first;
  if (at(TokenKind::KwFor)) fail_generator();
  if (!at(TokenKind::Comma)) expect_closing(TokenKind::RParen, open, "',' or ')'");
  tuple->elements.push_back(std::move(first));
  while (accept(TokenKind::Comma) && !at(TokenKind::RParen)) tuple->elements.push_back(parse_expr());
  expect_closing(TokenKind::RParen, open, "',' or ')'");
  return tuple;
}

// [a, b, ...] or [element for target in iter if cond].
ExprPtr Parser::parse_list() {
  Token open = take();
  Nesting nesting(*this, open.loc);
  auto list = std::make_unique<ListExpr>(open.loc);
  if (accept(TokenKind::RBracket)) return list;
  ExprPtr first = parse_expr();
  if (accept(TokenKind::KwFor)) {
    auto comp = std::make_unique<ListCompExpr>(open.loc);
    comp->element = std::move(first);
    Token target = expect_name("a loop variable name after 'for'");
    comp->target = std::string(target.text);
    comp->target_loc = target.loc;
    expect(TokenKind::KwIn, "'in' after the loop variable");
    // `or` level, as in Python: the `if` that follows is the filter, not a ternary.
    comp->iter = parse_binary(kOrPrecedence);
    if (accept(TokenKind::KwIf)) comp->cond = parse_binary(kOrPrecedence);
    expect_closing(TokenKind::RBracket, open, "']'");
    return comp;
  }
  list->elements.push_back(std::move(first));
  while (accept(TokenKind::Comma) && !at(TokenKind::RBracket)) list->elements.push_back(parse_expr());
  expect_closing(TokenKind::RBracket, open, "',' or ']'");
  return list;
}

ExprPtr Parser::parse_int_literal(const Token& token, bool negate, SourceLoc loc) {
  uint64_t magnitude = 0;
  const char* text_end = token.text.data() + token.text.size();
  auto [end, error] = std::from_chars(token.text.data(), text_end, magnitude);
  uint64_t limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) + (negate ? 1 : 0);
  if (error != std::errc() || end != text_end || magnitude > limit)
    compile_error(token.loc, "integer literal " + excerpt(token.text) +
                                 " is too large for i64 (the largest is 9223372036854775807)");
  int64_t value = negate ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
  return std::make_unique<IntExpr>(loc, value);
}

ExprPtr Parser::parse_float_literal(const Token& token, bool negate, SourceLoc loc) {
  double value = 0.0;
  const char* text_end = token.text.data() + token.text.size();
  auto [end, error] = std::from_chars(token.text.data(), text_end, value);
  if (error == std::errc::result_out_of_range) {
    if (float_overflows(token.text))
      compile_error(token.loc, "float literal " + excerpt(token.text) + " is too large for f64");
    value = 0.0;  // underflow rounds to zero, as in Python
  } else if (error != std::errc() || end != text_end) {
    compile_error(token.loc, "invalid number literal '" + excerpt(token.text) + "'");
  }
  return std::make_unique<FloatExpr>(loc, negate ? -value : value);
}

}  // namespace fx::syntax_detail
