#include "syntax/lexer.hpp"

#include <cstdio>
#include <string>

#include "support/diagnostics.hpp"

namespace fx {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

// Decodes one well-formed UTF-8 sequence at `pos` (no overlongs, no
// surrogates, nothing above U+10FFFF). Returns its length, or 0 if invalid.
size_t decode_utf8(std::string_view text, size_t pos, uint32_t& code_point) {
  auto byte = [&](size_t i) -> uint8_t { return static_cast<uint8_t>(text[i]); };
  uint8_t lead = byte(pos);
  size_t length;
  uint32_t value;
  uint8_t min_second = 0x80, max_second = 0xBF;
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, value = lead & 0x0F;
    if (lead == 0xE0) min_second = 0xA0;  // overlong
    if (lead == 0xED) max_second = 0x9F;  // surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, value = lead & 0x07;
    if (lead == 0xF0) min_second = 0x90;  // overlong
    if (lead == 0xF4) max_second = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (pos + length > text.size()) return 0;
  for (size_t i = 1; i < length; ++i) {
    uint8_t b = byte(pos + i);
    uint8_t lo = i == 1 ? min_second : 0x80, hi = i == 1 ? max_second : 0xBF;
    if (b < lo || b > hi) return 0;
    value = (value << 6) | (b & 0x3F);
  }
  code_point = value;
  return length;
}

std::string hex(uint32_t value, int digits) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%0*X", digits, value);
  return buffer;
}

// How a message shows the character at `pos`: '$', U+0000, U+03BB 'λ', or a
// raw byte when the text is not UTF-8 there.
std::string describe_character(std::string_view text, size_t pos) {
  uint32_t code_point = 0;
  size_t length = decode_utf8(text, pos, code_point);
  if (length == 0)
    return "(byte 0x" + hex(static_cast<uint8_t>(text[pos]), 2) + ", not valid UTF-8)";
  if (code_point < 0x20 || code_point == 0x7F) return "U+" + hex(code_point, 4);
  if (code_point < 0x80) return "'" + std::string(1, static_cast<char>(code_point)) + "'";
  return "U+" + hex(code_point, 4) + " '" + std::string(text.substr(pos, length)) + "'";
}

}  // namespace

Lexer::Lexer(const SourceFile& file, LexMode mode) : file_(file), text_(file.text), mode_(mode) {
  // Some editors start UTF-8 files with a byte-order mark; Python ignores it too.
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = line_start_ = 3;
}

SourceLoc Lexer::loc_at(size_t pos) const {
  return SourceLoc{&file_, line_, static_cast<uint32_t>(pos - line_start_ + 1)};
}

Token Lexer::make(TokenKind kind, size_t start) const {
  Token token;
  token.kind = kind;
  token.loc = loc_at(start);
  token.text = text_.substr(start, pos_ - start);
  return token;
}

Token Lexer::next() {
  while (true) {
    if (!pending_.empty()) {
      Token token = std::move(pending_.front());
      pending_.pop_front();
      return token;
    }
    if (finished_) {
      Token eof;
      eof.kind = TokenKind::EndOfFile;
      eof.loc = loc_at(pos_);
      return eof;
    }
    if (at_line_start_) {
      at_line_start_ = false;
      if (layout_active()) {
        begin_line();
        continue;  // begin_line may have queued Indent/Dedent tokens
      }
    }
    skip_blank_and_comment();
    if (pos_ >= text_.size()) {
      finish();
      continue;
    }
    if (text_[pos_] == '\n') {
      SourceLoc end_of_line = loc_at(pos_);
      // Point at the CR of a CRLF, where the line visibly ends.
      if (pos_ > line_start_ && text_[pos_ - 1] == '\r') end_of_line.col -= 1;
      consume_newline();
      if (!layout_active()) continue;  // inside brackets a line break is whitespace
      at_line_start_ = true;
      if (!line_has_content_) continue;
      line_has_content_ = false;
      Token newline;
      newline.kind = TokenKind::Newline;
      newline.loc = end_of_line;
      return newline;
    }
    line_has_content_ = true;
    return lex_token();
  }
}

void Lexer::consume_newline() {
  ++pos_;
  ++line_;
  line_start_ = pos_;
}

void Lexer::skip_blank_and_comment() {
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++pos_;
    } else if (c == '#') {
      while (pos_ < text_.size() && text_[pos_] != '\n') pos_ += utf8_length(pos_, "a comment");
    } else {
      break;
    }
  }
}

void Lexer::begin_line() {
  // Skip blank and comment-only lines without producing any token: they do
  // not take part in the block structure.
  while (true) {
    size_t p = pos_;
    size_t first_tab = std::string_view::npos;
    uint32_t width = 0;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) {
      if (text_[p] == '\t' && first_tab == std::string_view::npos) first_tab = p;
      if (text_[p] == ' ') ++width;
      ++p;
    }
    bool crlf = p + 1 < text_.size() && text_[p] == '\r' && text_[p + 1] == '\n';
    if (p >= text_.size() || text_[p] == '\n' || text_[p] == '#' || crlf) {
      pos_ = p;
      skip_blank_and_comment();
      if (pos_ >= text_.size()) return;
      consume_newline();
      continue;
    }
    if (first_tab != std::string_view::npos)
      compile_error(loc_at(first_tab), "tab in indentation; indent with spaces");
    pos_ = p;
    SourceLoc here = loc_at(p);
    if (width > indents_.back()) {
      indents_.push_back(width);
      Token indent;
      indent.kind = TokenKind::Indent;
      indent.loc = here;
      pending_.push_back(std::move(indent));
      return;
    }
    if (width < indents_.back()) {
      std::string levels;  // for the message: every width this line could have had
      for (size_t i = indents_.size(); i-- > 0;)
        levels += (levels.empty() ? "" : i == 0 ? " or " : ", ") + std::to_string(indents_[i]);
      while (width < indents_.back()) {
        indents_.pop_back();
        Token dedent;
        dedent.kind = TokenKind::Dedent;
        dedent.loc = here;
        pending_.push_back(std::move(dedent));
      }
      if (width != indents_.back())
        compile_error(here, "inconsistent dedent: expected an indentation of " + levels +
                                " spaces to match an enclosing block, found " +
                                std::to_string(width));
    }
    return;
  }
}

void Lexer::finish() {
  if (!brackets_.empty()) {
    const OpenBracket& open = brackets_.back();
    std::string closer = open.ch == '(' ? "')'" : "']'";
    compile_error(open.loc, "expected " + closer + " to close this '" + std::string(1, open.ch) +
                                "', found end of file");
  }
  SourceLoc end = loc_at(pos_);
  if (mode_ == LexMode::Module && line_has_content_) {
    line_has_content_ = false;
    Token newline;
    newline.kind = TokenKind::Newline;
    newline.loc = end;
    pending_.push_back(std::move(newline));
  }
  for (size_t i = 1; i < indents_.size(); ++i) {
    Token dedent;
    dedent.kind = TokenKind::Dedent;
    dedent.loc = end;
    pending_.push_back(std::move(dedent));
  }
  indents_.resize(1);
  finished_ = true;
}

Token Lexer::lex_token() {
  char c = text_[pos_];
  if (is_name_start(c)) return lex_name();
  if (is_digit(c) || (c == '.' && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1])))
    return lex_number();
  if (c == '"' || c == '\'') return lex_string();
  return lex_punctuation();
}

Token Lexer::lex_name() {
  size_t start = pos_;
  while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
  if (pos_ - start == 1 && (text_[start] == 'f' || text_[start] == 'F') && pos_ < text_.size() &&
      (text_[pos_] == '"' || text_[pos_] == '\''))
    return lex_fstring(start);
  return make(keyword_kind(text_.substr(start, pos_ - start)), start);
}

char Lexer::escape_at(size_t pos) const {
  switch (text_[pos]) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case '0': return '\0';
    case '\\': return '\\';
    case '"': return '"';
    case '\'': return '\'';
    default:
      compile_error(loc_at(pos - 1), "invalid escape sequence: expected one of \\n \\t \\r \\0 "
                                     "\\\\ \\\" \\' after the backslash, found " +
                                         describe_character(text_, pos));
  }
}

// f"text {expr} text" on one line: read as the tokens of `("text " + str(expr) + " text")`, the
// expression's own tokens lexed at their place in the source (so errors inside it point there).
// `{{` and `}}` are braces; format specs (`{x:.3f}`), conversions (`{x!r}`), nested f-strings
// and triple-quoted f-strings are not supported (compile errors).
Token Lexer::lex_fstring(size_t start) {
  if (in_fstring_) compile_error(loc_at(start), "an f-string inside an f-string is not supported");
  char quote = text_[pos_];
  if (pos_ + 2 < text_.size() && text_[pos_ + 1] == quote && text_[pos_ + 2] == quote)
    compile_error(loc_at(start), "triple-quoted f-strings are not supported; use f\"...\" on one line");
  ++pos_;
  std::vector<Token> out;
  auto synth = [&](TokenKind kind, size_t at, std::string_view spelling) {
    Token t;
    t.kind = kind;
    t.loc = loc_at(at);
    t.text = spelling;
    return t;
  };
  out.push_back(synth(TokenKind::LParen, start, "("));
  bool any = false;  // a part was emitted (the next one needs a '+')
  std::string literal;
  size_t literal_start = pos_;
  auto flush = [&](bool even_if_empty) {
    if (literal.empty() && !even_if_empty) return;
    if (any) out.push_back(synth(TokenKind::Plus, literal_start, "+"));
    Token s = synth(TokenKind::Str, literal_start, text_.substr(start + 1, pos_ - start - 1));
    s.value = std::move(literal);
    literal.clear();
    out.push_back(std::move(s));
    any = true;
  };
  auto unterminated = [&] {
    compile_error(loc_at(start), std::string("unterminated f-string: expected a closing ") + quote + " on this line");
  };
  while (true) {
    if (pos_ >= text_.size() || text_[pos_] == '\n' || text_[pos_] == '\r') unterminated();
    char c = text_[pos_];
    if (c == quote) break;
    if (c == '{' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '{') {
      literal += '{';
      pos_ += 2;
      continue;
    }
    if (c == '}') {
      if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '}') {
        literal += '}';
        pos_ += 2;
        continue;
      }
      compile_error(loc_at(pos_), "a single '}' in an f-string: write '}}' for a brace");
    }
    if (c == '{') {
      flush(false);
      size_t open = pos_;
      if (any) out.push_back(synth(TokenKind::Plus, open, "+"));
      out.push_back(synth(TokenKind::Name, open, "str"));
      out.push_back(synth(TokenKind::LParen, open, "("));
      any = true;
      ++pos_;
      int depth = 0;
      size_t tokens = 0;
      in_fstring_ = true;
      while (true) {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
        if (pos_ >= text_.size() || text_[pos_] == '\n' || text_[pos_] == '\r' || text_[pos_] == quote)
          compile_error(loc_at(open), "expected '}' to close this '{' of the f-string");
        char d = text_[pos_];
        if (depth == 0 && d == '}') break;
        if (depth == 0 && (d == ':' || (d == '!' && !(pos_ + 1 < text_.size() && text_[pos_ + 1] == '='))))
          compile_error(loc_at(pos_), "format specs and conversions are not supported in f-strings; "
                                      "interpolate str(x) or round the value first");
        if (d == '#') compile_error(loc_at(pos_), "a comment inside an f-string expression");
        Token t = lex_token();
        if (t.kind == TokenKind::LParen || t.kind == TokenKind::LBracket) ++depth;
        if ((t.kind == TokenKind::RParen || t.kind == TokenKind::RBracket) && depth > 0) --depth;
        out.push_back(std::move(t));
        ++tokens;
      }
      in_fstring_ = false;
      if (tokens == 0) compile_error(loc_at(open), "an empty expression in an f-string");
      out.push_back(synth(TokenKind::RParen, pos_, ")"));
      ++pos_;  // the '}'
      literal_start = pos_;
      continue;
    }
    if (c == '\\') {
      if (pos_ + 1 >= text_.size()) unterminated();
      literal += escape_at(pos_ + 1);
      pos_ += 2;
      continue;
    }
    size_t length = utf8_length(pos_, "a string");
    literal.append(text_.substr(pos_, length));
    pos_ += length;
  }
  flush(!any);
  out.push_back(synth(TokenKind::RParen, pos_, ")"));
  ++pos_;  // the closing quote
  Token first = std::move(out.front());
  for (size_t i = out.size(); i-- > 1;) pending_.push_front(std::move(out[i]));
  return first;
}

// Digits only; the parser converts (it knows about `-9223372036854775808`).
Token Lexer::lex_number() {
  size_t start = pos_;
  bool is_float = false;
  auto digits = [&] {
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
  };
  digits();
  if (pos_ < text_.size() && text_[pos_] == '.') {
    is_float = true;
    ++pos_;
    digits();
  }
  if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    size_t p = pos_ + 1;
    if (p < text_.size() && (text_[p] == '+' || text_[p] == '-')) ++p;
    if (p < text_.size() && is_digit(text_[p])) {
      is_float = true;
      pos_ = p;
      digits();
    }
  }
  std::string_view spelled = text_.substr(start, pos_ - start);
  // `1abc`, `0x1F`, `1e`, `1_000`: a number glued to letters is a typo, not two tokens.
  if (pos_ < text_.size() && is_name_char(text_[pos_])) {
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    compile_error(loc_at(start), "invalid number literal '" +
                                     std::string(text_.substr(start, pos_ - start)) + "'");
  }
  if (!is_float && spelled.size() > 1 && spelled[0] == '0')
    compile_error(loc_at(start), "invalid number literal '" + std::string(spelled) +
                                     "': leading zeros are not allowed in integers");
  return make(is_float ? TokenKind::Float : TokenKind::Int, start);
}

// "..." or '...' on one line, or a triple-quoted string ("""...""") that may
// span lines, as Python docstrings do. Escapes: \n \t \r \0 \\ \" \'.
Token Lexer::lex_string() {
  size_t start = pos_;
  SourceLoc start_loc = loc_at(start);  // before a triple-quoted string moves line_
  char quote = text_[pos_];
  bool triple = pos_ + 2 < text_.size() && text_[pos_ + 1] == quote && text_[pos_ + 2] == quote;
  pos_ += triple ? 3 : 1;
  std::string value;
  while (true) {
    if (pos_ >= text_.size() ||
        (!triple && (text_[pos_] == '\n' || (text_[pos_] == '\r' && pos_ + 1 < text_.size() &&
                                                text_[pos_ + 1] == '\n')))) {
      Token found;
      found.kind = pos_ >= text_.size() ? TokenKind::EndOfFile : TokenKind::Newline;
      std::string closing(triple ? 3 : 1, quote);
      compile_error(start_loc, "unterminated string: expected a closing " + closing + ", found " +
                                   describe_token(found));
    }
    char c = text_[pos_];
    if (c == quote && (!triple || (pos_ + 2 < text_.size() && text_[pos_ + 1] == quote &&
                                   text_[pos_ + 2] == quote))) {
      pos_ += triple ? 3 : 1;
      break;
    }
    if (c == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {
      ++pos_;  // CRLF inside a triple-quoted string reads as "\n", as in Python
      continue;
    }
    if (c == '\n') {  // only reached inside a triple-quoted string
      value += c;
      consume_newline();
      continue;
    }
    if (c != '\\') {
      size_t length = utf8_length(pos_, "a string");
      value.append(text_.substr(pos_, length));
      pos_ += length;
      continue;
    }
    if (pos_ + 1 >= text_.size()) {
      ++pos_;
      continue;  // reported as unterminated on the next iteration
    }
    char escaped = text_[pos_ + 1];
    switch (escaped) {
      case 'n': value += '\n'; break;
      case 't': value += '\t'; break;
      case 'r': value += '\r'; break;
      case '0': value += '\0'; break;
      case '\\': value += '\\'; break;
      case '"': value += '"'; break;
      case '\'': value += '\''; break;
      default:
        if (escaped == '\n' || escaped == '\r') {
          ++pos_;
          continue;  // the line break itself is handled (or reported) next
        }
        compile_error(loc_at(pos_), "invalid escape sequence: expected one of \\n \\t \\r \\0 "
                                    "\\\\ \\\" \\' after the backslash, found " +
                                        describe_character(text_, pos_ + 1));
    }
    pos_ += 2;
  }
  Token token;
  token.kind = TokenKind::Str;
  token.loc = start_loc;
  token.text = text_.substr(start, pos_ - start);
  token.value = std::move(value);
  return token;
}

Token Lexer::lex_punctuation() {
  size_t start = pos_;
  auto next_is = [&](char c) { return pos_ + 1 < text_.size() && text_[pos_ + 1] == c; };
  // `op` or `op=`: the plain kind, or the augmented one when followed by '='.
  auto with_assign = [&](TokenKind plain, TokenKind augmented) {
    if (next_is('=')) {
      pos_ += 2;
      return make(augmented, start);
    }
    pos_ += 1;
    return make(plain, start);
  };
  auto single = [&](TokenKind kind) {
    pos_ += 1;
    return make(kind, start);
  };
  switch (text_[pos_]) {
    case '(':
    case '[': {
      brackets_.push_back(OpenBracket{text_[pos_], loc_at(pos_)});
      return single(text_[pos_] == '(' ? TokenKind::LParen : TokenKind::LBracket);
    }
    case ')':
    case ']':
      // A mismatched closer is the parser's to report ("expected ')'"); here
      // it only ends the line continuation.
      if (!brackets_.empty()) brackets_.pop_back();
      return single(text_[pos_] == ')' ? TokenKind::RParen : TokenKind::RBracket);
    case ',': return single(TokenKind::Comma);
    case ':': return single(TokenKind::Colon);
    case '.': return single(TokenKind::Dot);
    case '+': return with_assign(TokenKind::Plus, TokenKind::PlusAssign);
    case '-':
      if (next_is('>')) {
        pos_ += 2;
        return make(TokenKind::Arrow, start);
      }
      return with_assign(TokenKind::Minus, TokenKind::MinusAssign);
    case '*':
      if (next_is('*')) {
        ++pos_;
        return with_assign(TokenKind::DoubleStar, TokenKind::DoubleStarAssign);
      }
      return with_assign(TokenKind::Star, TokenKind::StarAssign);
    case '/':
      if (next_is('/')) {
        ++pos_;
        return with_assign(TokenKind::DoubleSlash, TokenKind::DoubleSlashAssign);
      }
      return with_assign(TokenKind::Slash, TokenKind::SlashAssign);
    case '%': return with_assign(TokenKind::Percent, TokenKind::PercentAssign);
    case '@': return with_assign(TokenKind::At, TokenKind::AtAssign);
    case '<': return with_assign(TokenKind::Lt, TokenKind::Le);
    case '>': return with_assign(TokenKind::Gt, TokenKind::Ge);
    case '=': return with_assign(TokenKind::Assign, TokenKind::EqEq);
    case '!':
      if (next_is('=')) {
        pos_ += 2;
        return make(TokenKind::NotEq, start);
      }
      break;
    default: break;
  }
  unexpected_character(pos_);
}

// Source files are UTF-8 throughout, as in Python: strings and comments may
// hold any character, but not bytes that are not UTF-8.
size_t Lexer::utf8_length(size_t pos, const char* where) const {
  if (static_cast<uint8_t>(text_[pos]) < 0x80) return 1;
  uint32_t code_point = 0;
  size_t length = decode_utf8(text_, pos, code_point);
  if (length == 0)
    compile_error(loc_at(pos), std::string("invalid UTF-8 in ") + where +
                                   ": expected UTF-8 text, found byte 0x" +
                                   hex(static_cast<uint8_t>(text_[pos]), 2));
  return length;
}

void Lexer::unexpected_character(size_t pos) const {
  compile_error(loc_at(pos), "unexpected character " + describe_character(text_, pos));
}

std::vector<Token> tokenize(const SourceFile& file, LexMode mode) {
  Lexer lexer(file, mode);
  std::vector<Token> tokens;
  do {
    tokens.push_back(lexer.next());
  } while (tokens.back().kind != TokenKind::EndOfFile);
  return tokens;
}

}  // namespace fx
