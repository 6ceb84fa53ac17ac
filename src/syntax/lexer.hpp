// Source text → tokens (LANGUAGE.md §1). The lexer is pulled one token at a
// time by the parser, so errors are reported in source order: a syntax error
// on line 3 wins over a stray character on line 50.
//
// Layout: Newline ends each logical line that has tokens (blank and comment-
// only lines produce nothing); Indent/Dedent follow leading spaces; inside
// '(' / '[' line breaks and indentation are ignored. A tab in indentation, an
// inconsistent dedent, a bracket still open at the end of the file, an
// unterminated string, a bad escape, an unknown character (`$`, NUL, a
// non-ASCII character outside strings and comments) and bytes that are not
// UTF-8 (anywhere, as in Python) are errors. Extensions beyond §1: '...'
// strings, triple-quoted strings (docstrings, may span lines), CRLF line ends
// and a leading UTF-8 byte-order mark are accepted.
#pragma once
#include <cstddef>
#include <deque>
#include <string_view>
#include <vector>

#include "support/source.hpp"
#include "syntax/token.hpp"

namespace fx {

enum class LexMode {
  Module,      // statements: Newline / Indent / Dedent are produced
  Expression,  // a lone expression (`fluxion eval`): line breaks are plain whitespace
};

class Lexer {
 public:
  explicit Lexer(const SourceFile& file, LexMode mode = LexMode::Module);

  // The next token; EndOfFile forever once the text is exhausted.
  // Throws CompileError on malformed input.
  Token next();

 private:
  struct OpenBracket {
    char ch;  // '(' or '['
    SourceLoc loc;
  };

  bool layout_active() const { return mode_ == LexMode::Module && brackets_.empty(); }
  SourceLoc loc_at(size_t pos) const;
  void begin_line();                // measures indentation, queues Indent/Dedent
  void skip_blank_and_comment();    // spaces, tabs, lone CRs and a trailing comment
  void consume_newline();           // at '\n': moves to the next line
  void finish();                    // at end of text: queues Newline, Dedents, EndOfFile
  Token lex_token();
  Token lex_name();
  Token lex_number();
  Token lex_string();
  Token lex_fstring(size_t start);  // f"...": pos_ at the quote
  char escape_at(size_t pos) const; // the character `\X` at pos stands for
  Token lex_punctuation();
  Token make(TokenKind kind, size_t start) const;
  [[noreturn]] void unexpected_character(size_t pos) const;
  // Length of the UTF-8 character at `pos` inside a string or comment
  // (`where`); fails on bytes that are not UTF-8.
  size_t utf8_length(size_t pos, const char* where) const;

  const SourceFile& file_;
  std::string_view text_;
  LexMode mode_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;
  bool at_line_start_ = true;
  bool line_has_content_ = false;  // a token was produced since the last Newline
  bool finished_ = false;
  std::vector<uint32_t> indents_{0};     // widths of the open blocks, outermost first
  std::vector<OpenBracket> brackets_;    // open '(' / '[' (line breaks are ignored inside)
  std::deque<Token> pending_;            // Indent/Dedent/Newline queued ahead of the next token
  bool in_fstring_ = false;              // lexing the expression of an f-string
};

// Convenience for tests and tools: every token up to and including EndOfFile.
std::vector<Token> tokenize(const SourceFile& file, LexMode mode = LexMode::Module);

}  // namespace fx
