// Evaluation of the primitives of src/ir/ops.def on evaluated arguments (docs/ir.md).
// The evaluator (interp.cpp) handles the primitives that call functions (if, while) and
// those whose first argument is a declaration constant; everything else happens here.
#pragma once
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "interp/value.hpp"
#include "ir/ir.hpp"

namespace fx::interp {

// Applies p to args[0..n). `out` receives print's text. Run-time faults throw
// RuntimeError at `loc`. if/while must not come here; make_struct, make_variant and
// variant_field (which need a declaration constant) are reported as not callable as values.
// The arguments may be moved from (set_index takes its tensor: the caller passes values it
// no longer needs, see machine.hpp "last uses").
Value apply_primitive(ir::Prim p, SourceLoc loc, Value* args, size_t n, std::ostream& out);

// zeros_like and add_tangent of tensor leaves (tangent_leaves.cpp): what native code asks of
// them; add_tensor_leaves is the sum of two leaves of which one at least is a tensor.
Value tangent_leaf_primitive(ir::Prim p, SourceLoc loc, Value* args, size_t n);
// grad's seed for the differentiated function's output y: 1.0 for a scalar, else a located error.
Value grad_seed(const Value& y, SourceLoc loc);
Value add_tensor_leaves(const Value& a, const Value& b, SourceLoc loc);

// The AD primitives (grad ... list_is_empty), which the machine evaluates (ad_runtime.cpp).
bool is_ad_primitive(ir::Prim p);

// "variable used before it is assigned": an Undef value used as an operand.
[[noreturn]] void undefined_error(SourceLoc loc);
inline void check_defined(const Value& v, SourceLoc loc) {
  if (v.is_undef()) undefined_error(loc);
}

// The bool in c; anything else is an error naming `what` ("the condition of if", ...).
bool require_bool(const Value& c, SourceLoc loc, const char* what);

// Struct (and variant) fields by name; set_attr returns an updated copy.
Value get_attr(const Value& x, const std::string& field, SourceLoc loc);
Value set_attr(const Value& x, const std::string& field, const Value& v, SourceLoc loc);

// A struct field declared Tensor[T, r] may be given a tensor of unknown rank (type inference
// lets it through, struct_rules.cpp), so its rank is checked when the struct is built: the rank
// r and the words "field 'm' of Data is declared Tensor[f64, 2]"; nullopt for other fields.
// The native back end checks the same fields with the same words (fx_rt_check_rank).
struct DeclaredRank {
  int64_t rank;
  std::string declaration;
};
std::optional<DeclaredRank> declared_rank(const ir::StructDecl& d, size_t field);
std::string rank_mismatch(const std::string& declaration, int64_t have);

// Constructors and destructuring for declared types; fields must all be defined.
Value build_struct(const ir::StructDecl& d, std::vector<Value> fields, SourceLoc loc);
Value build_variant(const ir::VariantDecl& d, std::vector<Value> fields, SourceLoc loc);
Value variant_tag(const Value& x, SourceLoc loc);
Value variant_field(const Value& x, const ir::VariantDecl& d, const Value& index, SourceLoc loc);

}  // namespace fx::interp
