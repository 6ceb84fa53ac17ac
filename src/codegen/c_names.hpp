// C identifiers for the generated code, derived from source names (docs/codegen.md "Names").
//
// Any source name becomes a valid C identifier that cannot clash with C keywords, the C
// library, the runtime (fx_rt_*), the generated helpers (fx_*) or another generated name:
//  * globals get a prefix per kind (`f_` functions, `S_` structs, `E_` enums, `T_` tuples,
//    `C_` closure environments) and are made unique by a numeric suffix;
//  * locals are the source name followed by `_` and the node's unique id (`x_12`), and never
//    start with a global prefix or an underscore;
//  * characters outside [A-Za-z0-9_] (unicode, punctuation) are spelled as `_xHH` per byte.
#pragma once
#include <set>
#include <string>

namespace fx::codegen {

// `name` with every byte outside [A-Za-z0-9_] written as _xHH ("" stays "").
std::string sanitise(const std::string& name);

// A C string literal holding exactly the bytes of s (escapes for quotes, `?` and non-ASCII).
std::string quote_c(const std::string& s);
// Each line of `code` indented by `spaces` (C text written inside a block).
std::string indent_lines(const std::string& code, size_t spaces = 2);

// Is `name` a keyword of C (C11 and C23, and C++ keywords too, since a header may be
// included from C++)?
bool is_c_keyword(const std::string& name);

// The name of a local value: `x_12` (or `t_12` when the node has no source name).
std::string local_name(const std::string& source_name, uint32_t id);

// Global names of one C file, unique among themselves.
class GlobalNames {
 public:
  // prefix + sanitise(base), with "_2", "_3", ... appended when taken already.
  std::string make(const std::string& prefix, const std::string& base);

 private:
  std::set<std::string> taken_;
};

}  // namespace fx::codegen
