// The slot layout of host calls (host_slots.hpp).
#include "codegen/host_slots.hpp"

#include "codegen/c_types.hpp"

namespace fx::codegen {

namespace {

void collect(const types::Type* t, types::Annotations& annotations, SourceLoc loc, const std::string& path,
             std::vector<HostLeaf>& out) {
  using types::TypeKind;
  switch (t->kind) {
    case TypeKind::F64: case TypeKind::I64: case TypeKind::Bool: case TypeKind::Tensor:
      out.push_back({path, t});
      return;
    case TypeKind::None:
      return;
    case TypeKind::Tuple:
      for (size_t i = 0; i < t->elems.size(); ++i) collect(t->elems[i], annotations, loc, path + ".e" + std::to_string(i), out);
      return;
    case TypeKind::Struct:
      for (size_t i = 0; i < t->struct_decl->fields.size(); ++i)
        collect(annotations.field_type(t->struct_decl, i), annotations, loc,
                path + "." + CTypes::field_name(t->struct_decl->fields[i].name), out);
      return;
    default:
      unsupported(loc, "a value of type " + types::to_string(t) +
                           " passed between the host and native code (numbers, tensors, None, and tuples and structs of them)");
  }
}

}  // namespace

std::vector<HostLeaf> host_leaves(const types::Type* t, types::Annotations& annotations, SourceLoc loc) {
  std::vector<HostLeaf> out;
  collect(t, annotations, loc, "", out);
  return out;
}

const char* slot_member(const types::Type* leaf) {
  switch (leaf->kind) {
    case types::TypeKind::F64: return "f64";
    case types::TypeKind::I64: return "i64";
    case types::TypeKind::Bool: return "b";
    default: return "t";
  }
}

}  // namespace fx::codegen
