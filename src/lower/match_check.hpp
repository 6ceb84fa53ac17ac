// Case patterns after name resolution, and the exhaustiveness check of `match`
// (done during lowering, LANGUAGE.md §7: a non-exhaustive match is a compile error).
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "syntax/ast.hpp"

namespace fx::lower {

struct Pat {
  enum class Kind { Any, Variant, Literal };
  Kind kind = Kind::Any;
  SourceLoc loc;
  std::string capture;                       // Any: the bound name ("" for `_`)
  const ir::VariantDecl* variant = nullptr;  // Variant
  std::vector<Pat> args;                     // Variant: one per field
  ir::ConstValue literal;                    // Literal
  std::string literal_key;                   // Literal: equal values have equal keys

  bool binds_something() const;
};

// Resolves an AST pattern: variant names (a bare field-less variant name `Empty` is that
// variant, not a capture), field counts, literals, names bound twice.
Pat resolve_pattern(const ast::Pattern& p, const ir::Module& m);

// Throws a CompileError at `match_loc` unless every value is matched by some case,
// naming a value that is not ("variant 'Node' of enum 'Tree' is not handled").
void check_exhaustive(const std::vector<const Pat*>& cases, SourceLoc match_loc);

}  // namespace fx::lower
