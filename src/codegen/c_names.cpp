#include "codegen/c_names.hpp"

#include <cstdio>

namespace fx::codegen {

namespace {

bool plain(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Prefixes that global names use: a local starting with one is written with a leading `v`.
bool looks_global(const std::string& s) {
  for (const char* prefix : {"f_", "S_", "E_", "T_", "C_", "fx", "_"})
    if (s.rfind(prefix, 0) == 0) return true;
  return false;
}

}  // namespace

std::string sanitise(const std::string& name) {
  std::string out;
  for (unsigned char c : name) {
    if (plain(c)) {
      out += static_cast<char>(c);
      continue;
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "_x%02X", c);
    out += hex;
  }
  return out;
}

bool is_c_keyword(const std::string& name) {
  static const std::set<std::string> keywords{
      "alignas", "alignof", "auto", "bool", "break", "case", "char", "const", "constexpr", "continue", "default",
      "do", "double", "else", "enum", "extern", "false", "float", "for", "goto", "if", "inline", "int", "long",
      "nullptr", "register", "restrict", "return", "short", "signed", "sizeof", "static", "static_assert",
      "struct", "switch", "thread_local", "true", "typedef", "typeof", "typeof_unqual", "union", "unsigned",
      "void", "volatile", "while", "_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Bool", "_Complex",
      "_Decimal128", "_Decimal32", "_Decimal64", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert",
      "_Thread_local",
      // C++, for a header included from C++
      "and", "and_eq", "asm", "bitand", "bitor", "catch", "char16_t", "char32_t", "char8_t", "class", "compl",
      "concept", "const_cast", "consteval", "constinit", "co_await", "co_return", "co_yield", "decltype",
      "delete", "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new", "noexcept", "not",
      "not_eq", "operator", "or", "or_eq", "private", "protected", "public", "reinterpret_cast", "requires",
      "static_cast", "template", "this", "throw", "try", "typeid", "typename", "using", "virtual", "wchar_t",
      "xor", "xor_eq"};
  return keywords.count(name) != 0;
}

std::string local_name(const std::string& source_name, uint32_t id) {
  std::string base = sanitise(source_name);
  if (base.empty()) base = "t";
  if (looks_global(base) || (base[0] >= '0' && base[0] <= '9')) base = "v" + base;
  return base + "_" + std::to_string(id);
}

std::string GlobalNames::make(const std::string& prefix, const std::string& base) {
  std::string stem = prefix + sanitise(base);
  std::string name = stem;
  for (int n = 2; !taken_.insert(name).second; ++n) name = stem + "_" + std::to_string(n);
  return name;
}

}  // namespace fx::codegen
