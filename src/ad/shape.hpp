// The structure of a run-time value, as far as AD templates need it (docs/ad.md §4): what
// the interpreter describes when it instantiates a generic code for given arguments.
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace fx::ad {

struct Shape {
  enum class Kind : uint8_t { Float, Int, Bool, Str, None, Undef, Function, List, Tuple, Struct, Variant };
  Kind kind = Kind::Undef;
  const ir::StructDecl* struct_decl = nullptr;  // Struct
  const ir::VariantDecl* variant = nullptr;     // Variant
  std::vector<Shape> elems;                     // Tuple elements, Struct/Variant fields

  static Shape leaf(Kind k) {
    Shape s;
    s.kind = k;
    return s;
  }
  bool is_aggregate() const { return kind == Kind::Tuple || kind == Kind::Struct || kind == Kind::Variant; }
  // A canonical text, used as a cache key: "f", "(f,i)", "S{f,f}", "V<f>", "fn", ...
  std::string key() const;
  // How a user would name it in a message: "f64", "(f64, i64)", "Linear", ...
  std::string describe() const;
  // Number of f64 leaves (the dimension of the tangent space of tensors-free values).
  size_t float_leaves() const;
};

}  // namespace fx::ad
