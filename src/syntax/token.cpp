#include "syntax/token.hpp"

#include <array>
#include <utility>

namespace fx {

namespace {

struct KeywordEntry {
  std::string_view word;
  TokenKind kind;
};

constexpr std::array<KeywordEntry, 23> kKeywords = {{
    {"def", TokenKind::KwDef},       {"return", TokenKind::KwReturn},
    {"if", TokenKind::KwIf},         {"elif", TokenKind::KwElif},
    {"else", TokenKind::KwElse},     {"while", TokenKind::KwWhile},
    {"for", TokenKind::KwFor},       {"in", TokenKind::KwIn},
    {"break", TokenKind::KwBreak},   {"continue", TokenKind::KwContinue},
    {"and", TokenKind::KwAnd},       {"or", TokenKind::KwOr},
    {"not", TokenKind::KwNot},       {"lambda", TokenKind::KwLambda},
    {"struct", TokenKind::KwStruct}, {"enum", TokenKind::KwEnum},
    {"match", TokenKind::KwMatch},   {"case", TokenKind::KwCase},
    {"import", TokenKind::KwImport}, {"True", TokenKind::KwTrue},
    {"False", TokenKind::KwFalse},   {"pass", TokenKind::KwPass},
    {"assert", TokenKind::KwAssert},
}};

// Quotes the text for an error message, cutting long strings short.
std::string quoted_excerpt(std::string_view text, char quote) {
  constexpr size_t kMax = 24;
  std::string out(1, quote);
  if (text.size() <= kMax) {
    out += text;
  } else {
    out += text.substr(0, kMax);
    out += "...";
  }
  out += quote;
  return out;
}

}  // namespace

TokenKind keyword_kind(std::string_view word) {
  for (const KeywordEntry& entry : kKeywords)
    if (entry.word == word) return entry.kind;
  return TokenKind::Name;
}

const char* token_spelling(TokenKind kind) {
  switch (kind) {
    case TokenKind::Name: return "name";
    case TokenKind::Int: return "number";
    case TokenKind::Float: return "number";
    case TokenKind::Str: return "string";
    case TokenKind::KwDef: return "def";
    case TokenKind::KwReturn: return "return";
    case TokenKind::KwIf: return "if";
    case TokenKind::KwElif: return "elif";
    case TokenKind::KwElse: return "else";
    case TokenKind::KwWhile: return "while";
    case TokenKind::KwFor: return "for";
    case TokenKind::KwIn: return "in";
    case TokenKind::KwBreak: return "break";
    case TokenKind::KwContinue: return "continue";
    case TokenKind::KwAnd: return "and";
    case TokenKind::KwOr: return "or";
    case TokenKind::KwNot: return "not";
    case TokenKind::KwLambda: return "lambda";
    case TokenKind::KwStruct: return "struct";
    case TokenKind::KwEnum: return "enum";
    case TokenKind::KwMatch: return "match";
    case TokenKind::KwCase: return "case";
    case TokenKind::KwImport: return "import";
    case TokenKind::KwTrue: return "True";
    case TokenKind::KwFalse: return "False";
    case TokenKind::KwPass: return "pass";
    case TokenKind::KwAssert: return "assert";
    case TokenKind::LParen: return "(";
    case TokenKind::RParen: return ")";
    case TokenKind::LBracket: return "[";
    case TokenKind::RBracket: return "]";
    case TokenKind::Comma: return ",";
    case TokenKind::Colon: return ":";
    case TokenKind::Dot: return ".";
    case TokenKind::Arrow: return "->";
    case TokenKind::Assign: return "=";
    case TokenKind::Plus: return "+";
    case TokenKind::Minus: return "-";
    case TokenKind::Star: return "*";
    case TokenKind::Slash: return "/";
    case TokenKind::DoubleSlash: return "//";
    case TokenKind::Percent: return "%";
    case TokenKind::DoubleStar: return "**";
    case TokenKind::At: return "@";
    case TokenKind::Lt: return "<";
    case TokenKind::Le: return "<=";
    case TokenKind::Gt: return ">";
    case TokenKind::Ge: return ">=";
    case TokenKind::EqEq: return "==";
    case TokenKind::NotEq: return "!=";
    case TokenKind::PlusAssign: return "+=";
    case TokenKind::MinusAssign: return "-=";
    case TokenKind::StarAssign: return "*=";
    case TokenKind::SlashAssign: return "/=";
    case TokenKind::DoubleSlashAssign: return "//=";
    case TokenKind::PercentAssign: return "%=";
    case TokenKind::DoubleStarAssign: return "**=";
    case TokenKind::AtAssign: return "@=";
    case TokenKind::Newline: return "end of line";
    case TokenKind::Indent: return "indentation";
    case TokenKind::Dedent: return "end of indented block";
    case TokenKind::EndOfFile: return "end of file";
  }
  return "token";
}

std::string describe_token(const Token& token) {
  TokenKind kind = token.kind;
  if (kind == TokenKind::Name) return "name " + quoted_excerpt(token.text, '\'');
  if (kind == TokenKind::Int || kind == TokenKind::Float)
    return "number " + std::string(token.text.substr(0, 32));
  if (kind == TokenKind::Str) {  // text includes the quotes: 1 or 3 on each side
    std::string_view text = token.text;
    size_t quotes = text.size() >= 6 && text.substr(0, 3) == std::string(3, text[0]) ? 3 : 1;
    std::string_view inner = text.substr(quotes, text.size() - 2 * quotes);
    return "string " + quoted_excerpt(inner.substr(0, inner.find('\n')), '"');
  }
  if (kind == TokenKind::Newline || kind == TokenKind::Indent || kind == TokenKind::Dedent ||
      kind == TokenKind::EndOfFile)
    return token_spelling(kind);
  return std::string("'") + token_spelling(kind) + "'";
}

}  // namespace fx
