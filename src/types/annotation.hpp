// Written type annotations (`x: f64`, `-> (f64, i64)`, struct fields) resolved to Types.
#pragma once
#include <unordered_map>

#include "ir/ir.hpp"
#include "types/type.hpp"

namespace fx::types {

class Annotations {
 public:
  Annotations(TypeStore& store, const ir::Module& m) : store_(store), module_(m) {}
  TypeStore& store() const { return store_; }

  // The type an annotation names: scalars, tuples, structs, enums, Tensor[f64] (any rank)
  // and Tensor[f64, 2]. CompileError at the annotation for an unknown name or a malformed type.
  const Type* resolve(const ast::TypeExpr* annotation);

  // Declared type of field i of a struct / enum variant (CompileError if unannotated).
  const Type* field_type(const ir::StructDecl* decl, size_t i);
  const Type* field_type(const ir::VariantDecl* variant, size_t i);

 private:
  const Type* resolve_tensor(const ast::TypeExpr* annotation);
  const Type* resolve_field(const ir::FieldInfo& field, const std::string& owner);

  TypeStore& store_;
  const ir::Module& module_;
  std::unordered_map<const ast::TypeExpr*, const Type*> cache_;
};

}  // namespace fx::types
