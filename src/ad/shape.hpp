// The structure of a run-time value, as far as AD templates need it (docs/ad.md §4): what
// the interpreter describes when it instantiates a generic code for given arguments.
#pragma once
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace fx::ad {

struct Shape {
  enum class Kind : uint8_t { Float, Int, Bool, Str, None, Undef, Function, List, Tensor, Tuple, Struct, Variant };
  Kind kind = Kind::Undef;
  // Tensor: its dtype ("f64", "f32", "i64", "bool", as astype names them) and extents. A
  // Jacobian has one entry per element, so the templates that build them depend on both.
  std::string dtype;
  std::vector<int64_t> dims;
  const ir::StructDecl* struct_decl = nullptr;  // Struct
  const ir::VariantDecl* variant = nullptr;     // Variant
  std::vector<Shape> elems;                     // Tuple elements, Struct/Variant fields

  static Shape leaf(Kind k) {
    Shape s;
    s.kind = k;
    return s;
  }
  bool is_aggregate() const { return kind == Kind::Tuple || kind == Kind::Struct || kind == Kind::Variant; }
  // A canonical text, used as a cache key: "f", "(f,i)", "S{f,f}", "V<f>", "fn", "T[f64;3,4]",
  // ... With `with_dims` false a tensor is keyed by its dtype and rank only ("T[f64;r2]"),
  // for templates that do not depend on the extents.
  std::string key(bool with_dims = true) const;
  // How a user would name it in a message: "f64", "(f64, i64)", "Linear", ...
  std::string describe() const;
  // Is this a leaf with a derivative: an f64, or a float (f64/f32) tensor?
  bool is_differentiable_leaf() const;
  // Its number of scalar entries: 1 for an f64, the product of the extents for a tensor.
  size_t elements() const;
  // Number of f64 leaves plus float tensor elements: the dimension of the tangent space.
  size_t float_leaves() const;
};

}  // namespace fx::ad
