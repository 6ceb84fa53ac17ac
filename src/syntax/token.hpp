// Tokens produced by the lexer (LANGUAGE.md §1). Layout is explicit: the
// lexer turns leading indentation into Indent/Dedent and ends every logical
// line with Newline, so the parser never looks at whitespace.
#pragma once
#include <string>
#include <string_view>

#include "support/source.hpp"

namespace fx {

enum class TokenKind {
  // Atoms.
  Name, Int, Float, Str,
  // Keywords. `range` is deliberately absent: it is an ordinary name so that
  // `range(n)` parses as a call.
  KwDef, KwReturn, KwIf, KwElif, KwElse, KwWhile, KwFor, KwIn, KwBreak, KwContinue,
  KwAnd, KwOr, KwNot, KwLambda, KwStruct, KwEnum, KwMatch, KwCase, KwImport,
  KwTrue, KwFalse, KwPass, KwAssert,
  // Brackets and punctuation.
  LParen, RParen, LBracket, RBracket, Comma, Colon, Dot, Arrow, Assign,
  // Operators.
  Plus, Minus, Star, Slash, DoubleSlash, Percent, DoubleStar, At,
  Lt, Le, Gt, Ge, EqEq, NotEq,
  // Augmented assignment.
  PlusAssign, MinusAssign, StarAssign, SlashAssign, DoubleSlashAssign,
  PercentAssign, DoubleStarAssign, AtAssign,
  // Layout.
  Newline, Indent, Dedent, EndOfFile,
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  SourceLoc loc;
  std::string_view text;  // the source spelling; points into the SourceFile
  std::string value;      // Str only: the decoded contents (escapes applied)
};

// The fixed spelling of a keyword or punctuation token (`else`, `**=`), or a
// generic word for the others (`name`, `number`, `end of line`).
const char* token_spelling(TokenKind kind);

// How an error message names a token that was found: `'else'`, `')'`,
// `name 'foo'`, `number 42`, `string "hi"`, `end of line`, `end of file`.
std::string describe_token(const Token& token);

// The keyword spelled `word`, or TokenKind::Name if it is not a keyword.
TokenKind keyword_kind(std::string_view word);

}  // namespace fx
