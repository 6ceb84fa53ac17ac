// Type rules of struct and enum primitives: make_struct, get_attr/set_attr (tensors'
// .shape/.ndim/.T are delegated to the tensor rules), make_variant, variant_tag, variant_field.
#include "support/diagnostics.hpp"
#include "types/prim_rules.hpp"

namespace fx::types {

using ir::Prim;

namespace {

bool is_bottom(const Type* t) { return t->kind == TypeKind::Bottom; }

// The locations of operands first.. of a direct application, for construct_*.
std::vector<SourceLoc> operand_locs(const PrimCall& call, size_t first) {
  std::vector<SourceLoc> locs;
  for (size_t i = first; i < call.arg_nodes.size(); ++i) locs.push_back(operand_at(call, i));
  return locs;
}

}  // namespace

// ------------------------------------------------------------------ structs
const Type* PrimRules::construct_struct(const ir::StructDecl* decl, const std::vector<const Type*>& fields,
                                        SourceLoc loc, const std::vector<SourceLoc>& field_locs) {
  if (fields.size() != decl->fields.size())
    compile_error(loc, decl->name + " has " + count_of(decl->fields.size(), "field") + ", " +
                           std::to_string(fields.size()) + " given");
  for (size_t i = 0; i < fields.size(); ++i) {
    const Type* expected = annotations_.field_type(decl, i);
    // A tensor of unknown rank for a field declared Tensor[T, r]: the interpreter checks the
    // rank when the struct is built (build_struct), as for annotated parameters.
    bool rank_checked = is_tensor(fields[i]) && is_tensor(expected) && fields[i]->rank < 0 && expected->rank >= 0 &&
                        fields[i]->dtype == expected->dtype;
    if (!fits(fields[i], expected) && !rank_checked)
      compile_error(i < field_locs.size() ? field_locs[i] : loc,
                    "field '" + decl->fields[i].name + "' of " + decl->name + " expects " + to_string(expected) +
                        ", found " + to_string(fields[i]));
  }
  return store_.struct_type(decl);
}

const Type* PrimRules::make_struct(const PrimCall& call) {
  const ir::Node* s = constant_operand(Prim::MakeStruct, call, 0);
  if (!std::holds_alternative<const ir::StructDecl*>(s->value))
    internal_error("type inference", "make_struct without a struct constant");
  std::vector<const Type*> fields(call.args.begin() + 1, call.args.end());
  return construct_struct(std::get<const ir::StructDecl*>(s->value), fields, call.node->loc, operand_locs(call, 1));
}

const Type* PrimRules::field_access(Prim p, const PrimCall& call) {
  const ir::Node* name_node = constant_operand(p, call, 1);
  if (!std::holds_alternative<std::string>(name_node->value))
    internal_error("type inference", "get_attr/set_attr without a field-name constant");
  const std::string& field = name_node->as_str();
  SourceLoc field_loc = call.node->loc;  // the `.` of `x.name`
  const Type* t = call.args[0];
  if (is_bottom(t)) return t;
  if (is_tensor(t)) {
    if (p == Prim::GetAttr) return tensors_.attribute(call, field);
    compile_error(field_loc, "cannot assign to '" + field + "' of " + to_string(t) + ": tensors have no fields");
  }
  if (t->kind == TypeKind::Enum)
    compile_error(field_loc, "cannot access field '" + field + "' of " + to_string(t) +
                                 ": enum values have no fields by name; use match");
  if (t->kind != TypeKind::Struct)
    compile_error(field_loc, "cannot access field '" + field + "' of " + to_string(t) + ": expected a struct");
  const ir::StructDecl* decl = t->struct_decl;
  int index = decl->field_index(field);
  if (index < 0) compile_error(field_loc, "struct " + decl->name + " has no field '" + field + "'");
  const Type* field_type = annotations_.field_type(decl, index);
  if (p == Prim::GetAttr) return field_type;
  if (!fits(call.args[2], field_type))
    compile_error(operand_at(call, 2), "field '" + field + "' of " + decl->name + " expects " +
                                           to_string(field_type) + ", found " + to_string(call.args[2]));
  return t;
}

// -------------------------------------------------------------------- enums
const Type* PrimRules::construct_variant(const ir::VariantDecl* variant, const std::vector<const Type*>& fields,
                                         SourceLoc loc, const std::vector<SourceLoc>& field_locs) {
  if (fields.size() != variant->fields.size())
    compile_error(loc, variant->name + " has " + count_of(variant->fields.size(), "field") + ", " +
                           std::to_string(fields.size()) + " given");
  for (size_t i = 0; i < fields.size(); ++i) {
    const Type* expected = annotations_.field_type(variant, i);
    if (!fits(fields[i], expected))
      compile_error(i < field_locs.size() ? field_locs[i] : loc,
                    "field '" + variant->fields[i].name + "' of " + variant->name + " expects " +
                        to_string(expected) + ", found " + to_string(fields[i]));
  }
  return store_.enum_type(variant->owner);
}

const Type* PrimRules::make_variant(const PrimCall& call) {
  const ir::Node* v = constant_operand(Prim::MakeVariant, call, 0);
  if (!std::holds_alternative<const ir::VariantDecl*>(v->value))
    internal_error("type inference", "make_variant without a variant constant");
  std::vector<const Type*> fields(call.args.begin() + 1, call.args.end());
  return construct_variant(std::get<const ir::VariantDecl*>(v->value), fields, call.node->loc,
                           operand_locs(call, 1));
}

const Type* PrimRules::variant_tag(const PrimCall& call) {
  const Type* t = call.args[0];
  if (!is_bottom(t) && t->kind != TypeKind::Enum)
    compile_error(call.node->loc, "expected an enum value, found " + to_string(t));
  return store_.i64();
}

const Type* PrimRules::variant_field(const PrimCall& call) {
  const ir::Node* v = constant_operand(Prim::VariantField, call, 1);
  const ir::Node* i = constant_operand(Prim::VariantField, call, 2);
  if (!std::holds_alternative<const ir::VariantDecl*>(v->value) ||
      !std::holds_alternative<int64_t>(i->value))
    internal_error("type inference", "variant_field needs a variant and an index constant");
  const ir::VariantDecl* variant = std::get<const ir::VariantDecl*>(v->value);
  const Type* t = call.args[0];
  if (!is_bottom(t) && t->kind != TypeKind::Enum)
    compile_error(call.node->loc, "expected an enum value, found " + to_string(t));
  if (!is_bottom(t) && t->enum_decl != variant->owner)
    compile_error(call.node->loc, "variant " + variant->name + " belongs to enum " +
                                      variant->owner->name + ", not " + to_string(t));
  int64_t index = i->as_int();
  if (index < 0 || static_cast<size_t>(index) >= variant->fields.size())
    internal_error("type inference", "variant_field index out of range");
  return annotations_.field_type(variant, index);
}

}  // namespace fx::types
