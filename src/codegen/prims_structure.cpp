// C emission of the STRUCTURE family: tuples and structs are C structs by value, enum values
// counted boxes (c_types.hpp). Results made of borrowed parts are marked `borrowed`, and the
// emitter counts the new holder once for the whole value.
#include <variant>

#include "codegen/prims.hpp"
#include "codegen/unsupported.hpp"
#include "interp/primitives.hpp"

namespace fx::codegen {

using ir::Prim;
using types::Type;
using types::TypeKind;

namespace {

Emitted borrowed(std::string v) { return {"", std::move(v), true}; }

// (C){a, b, ...}: the operands from `first` on, converted to the fields' types.
std::string literal(const PrimSite& s, size_t first, const std::vector<const Type*>& field_types) {
  std::string out = "(" + s.types.name(s.result) + "){";
  for (size_t i = first; i < s.args.size(); ++i)
    out += (i > first ? ", " : "") + s.types.convert(s.args[i], s.arg_types[i], field_types[i - first]);
  if (s.args.size() == first) out += "0";
  return out + "}";
}

// The tangent of a recursive closure (expand/value_types.cpp folds the tuple of its
// structure into it): a new counted box holding the tuple, which holds its elements.
Emitted make_boxed_tuple(const PrimSite& s) {
  const Type* tuple = s.types.boxed(s.result);
  if (!tuple || tuple->kind != TypeKind::Tuple || tuple->elems.size() != s.args.size())
    unsupported(s.node->loc, "a " + to_string(s.result) + " whose structure is not known");
  const std::string box = s.types.temporary("box");
  std::string code = s.types.name(s.result) + " " + box + " = fx_box_new(sizeof *" + box + ", " + s.loc + ");\n";
  code += box + "->env = (" + s.types.name(tuple) + "){";
  for (size_t i = 0; i < s.args.size(); ++i) code += (i ? ", " : "") + s.types.convert(s.args[i], s.arg_types[i], tuple->elems[i]);
  code += std::string(s.args.empty() ? "0" : "") + "};\n";
  for (size_t i = 0; i < s.args.size(); ++i)
    if (!s.consumed.contains(i)) code += s.types.retain(tuple->elems[i], box + "->env.e" + std::to_string(i));
  return {code, box};
}

// The elements handed over (handovers.hpp) are moved in; the others are counted once more.
Emitted make_tuple(const PrimSite& s) {
  if (s.result->kind == TypeKind::RecursiveTangent) return make_boxed_tuple(s);
  if (s.consumed.empty()) return borrowed(literal(s, 0, s.result->elems));
  std::string counted;
  for (size_t i = 0; i < s.args.size(); ++i)
    if (!s.consumed.contains(i)) counted += s.types.retain(s.arg_types[i], s.args[i]);
  return {counted, literal(s, 0, s.result->elems)};
}

// A field declared Tensor[T, r] given a tensor of unknown rank is checked as the interpreter
// checks it (interp::declared_rank).
Emitted make_struct(const PrimSite& s) {
  const ir::StructDecl* decl = s.result->struct_decl;
  std::vector<const Type*> fields;
  std::string checks;
  for (size_t i = 0; i < decl->fields.size(); ++i) {
    fields.push_back(s.types.field_type(decl, i));
    const Type* given = i + 1 < s.arg_types.size() ? s.arg_types[i + 1] : nullptr;
    if (!given || given->kind != TypeKind::Tensor || given->rank >= 0) continue;
    if (auto declared = interp::declared_rank(*decl, i))
      checks += "{\n  const char* refused = fx_rt_check_rank(" + s.args[i + 1] + ", " + std::to_string(declared->rank) + ", " +
                quote_c(declared->declaration) + ");\n  if (refused) fx_fail(" + s.loc + ", refused);\n}\n";
  }
  Emitted e = borrowed(literal(s, 1, fields));
  e.statements = checks;
  return e;
}

int64_t constant_int(const PrimSite& s, size_t i) {
  const ir::Node* k = s.node->arg(i);
  if (!k->is_constant() || !std::holds_alternative<int64_t>(k->value))
    unsupported(s.node->loc, "an index that is not a constant");
  return k->as_int();
}

// An element of one of several tuples (the tangent of one of several functions,
// expand/value_types.cpp): read from the one the tag says, converted to the join of the
// elements. Derivative code reads it where the value is known to be a tuple that has the
// element (a dispatch's case); any other tuple is a bug of the compiler, stopped here.
Emitted element_of_one_of_several(const PrimSite& s) {
  const int64_t i = constant_int(s, 1);
  const Type* u = s.arg_types[0];
  const std::string value = s.types.temporary("u"), element = s.types.temporary("r");
  std::string cases;
  for (size_t k = 0; k < u->elems.size(); ++k) {
    const Type* m = u->elems[k];
    if (i < 0 || static_cast<size_t>(i) >= m->elems.size()) continue;
    const std::string part = value + ".as.m" + std::to_string(k) + ".e" + std::to_string(i);
    cases += "case " + std::to_string(k) + ": " + element + " = " + s.types.convert(part, m->elems[static_cast<size_t>(i)], s.result) +
             "; break; ";
  }
  return borrowed("({ " + s.types.name(u) + " " + value + " = " + s.args[0] + "; " + s.types.name(s.result) + " " + element +
                  " = " + s.types.zero(s.result) + "; switch (" + value + ".tag) { " + cases + "default: fx_fail(" + s.loc +
                  ", \"internal error: a tuple without element " + std::to_string(i) + "\"); } " + element + "; })");
}

// An element of the tangent of a recursive closure: of the tuple its box holds. (Its zero is
// the null box, whose elements are zeros.)
Emitted element_of_boxed(const PrimSite& s) {
  const Type* tuple = s.types.boxed(s.arg_types[0]);
  const int64_t i = constant_int(s, 1);
  if (!tuple || tuple->kind != TypeKind::Tuple || i < 0 || static_cast<size_t>(i) >= tuple->elems.size())
    unsupported(s.node->loc, "an element of a " + to_string(s.arg_types[0]) + " whose structure is not known");
  const Type* declared = tuple->elems[static_cast<size_t>(i)];
  const std::string element = "(" + s.args[0] + " ? " + s.args[0] + "->env.e" + std::to_string(i) + " : " + s.types.zero(declared) + ")";
  return borrowed(s.result && s.result != declared ? s.types.convert(element, declared, s.result) : element);
}

// The element may be typed apart from the tuple's own element type: a tuple typed
// ((Tensor[f64, 2]) * 4) read as ((Tensor[f64, (2, 2)]) * 4) (a gradient's element whose extents
// the expansion knows), two C structs of one layout. The conversion makes no new reference
// (CTypes::convert refuses one that would), so the element stays borrowed.
Emitted tuple_get(const PrimSite& s) {
  if (s.arg_types[0]->kind == TypeKind::Union) return element_of_one_of_several(s);
  if (s.arg_types[0]->kind == TypeKind::RecursiveTangent) return element_of_boxed(s);
  int64_t i = constant_int(s, 1);
  int64_t n = static_cast<int64_t>(s.arg_types[0]->elems.size());
  const size_t at = static_cast<size_t>(i < 0 ? i + n : i);
  std::string element = s.args[0] + ".e" + std::to_string(at);
  const types::Type* declared = at < s.arg_types[0]->elems.size() ? s.arg_types[0]->elems[at] : nullptr;
  if (declared && s.result && declared != s.result) element = s.types.convert(element, declared, s.result);
  return borrowed(element);
}

const std::string& field_constant(const PrimSite& s) {
  const ir::Node* k = s.node->arg(1);
  if (!k->is_constant() || !std::holds_alternative<std::string>(k->value))
    unsupported(s.node->loc, "a field that is not named by a constant");
  return k->as_str();
}

// Derivative code reads a field of an enum tangent by name (a derivative of a derivative
// through a match: the transpose of set_variant_field): of the value's variant; a variant
// without that field fails as the interpreter does.
Emitted get_variant_field(const PrimSite& s) {
  const Type* t = s.arg_types[0];
  const std::string& field = field_constant(s);
  const std::string r = s.types.temporary("f"), x = s.types.temporary("v");
  std::string cases;
  for (const auto& v : t->enum_decl->variants)
    for (size_t i = 0; i < v->fields.size(); ++i) {
      if (v->fields[i].name != field) continue;
      const std::string access = x + "->as." + CTypes::field_name(v->name) + "." + CTypes::field_name(field);
      cases += "case " + std::to_string(v->index) + ": " + r + " = " +
               s.types.convert(access, s.types.field_type(v.get(), i), s.result) + "; break; ";
    }
  const std::string missing = quote_c(t->enum_decl->name + " has no field '" + field + "'");
  return borrowed("({ " + s.types.name(t) + " " + x + " = " + s.args[0] + "; " + s.types.name(s.result) + " " + r +
                  " = " + s.types.zero(s.result) + "; switch (" + x + "->tag) { " + cases + "default: fx_fail(" + s.loc +
                  ", " + missing + "); } " + r + "; })");
}

Emitted get_attr(const PrimSite& s) {
  if (held_as_tensor(s.arg_types[0])) return runtime_call(s);  // x.shape, x.ndim, x.T
  if (s.arg_types[0]->kind == TypeKind::Enum) return get_variant_field(s);
  if (s.arg_types[0]->kind != TypeKind::Struct) unsupported(s.node->loc, "the attribute of a " + to_string(s.arg_types[0]));
  return borrowed(s.args[0] + "." + CTypes::field_name(field_constant(s)));
}

// Derivative code replaces a field of an enum tangent by name (the reverse rule of a match's
// field read, docs/ad.md): a new box of the value's variant with its own counts of the other
// fields and the new value; a variant without that field fails as the interpreter does.
Emitted set_variant_field(const PrimSite& s) {
  const Type* t = s.arg_types[0];
  const std::string& field = field_constant(s);
  const std::string& r = s.result_name;
  const std::string x = s.args[0];
  std::string cases;
  for (const auto& v : t->enum_decl->variants) {
    size_t k = 0;
    while (k < v->fields.size() && v->fields[k].name != field) ++k;
    if (k == v->fields.size()) continue;
    std::string code;
    for (size_t i = 0; i < v->fields.size(); ++i) {
      const std::string access = "->as." + CTypes::field_name(v->name) + "." + CTypes::field_name(v->fields[i].name);
      const Type* type = s.types.field_type(v.get(), i);
      code += "  " + r + access + " = " + (i == k ? s.types.convert(s.args[2], s.arg_types[2], type) : x + access) + ";\n";
      code += s.types.retain(type, r + access);
    }
    cases += "case " + std::to_string(v->index) + ":\n" + code + "  break;\n";
  }
  const std::string missing = quote_c(t->enum_decl->name + " has no field '" + field + "'");
  std::string code = r + " = fx_box_new(sizeof *" + r + ", " + s.loc + ");\n" + r + "->tag = " + x + "->tag;\nswitch (" + x +
                     "->tag) {\n" + cases + "default:\n  fx_fail(" + s.loc + ", " + missing + ");\n}\n";
  return {code, ""};
}

// The tangent of a recursive closure with the element at constant index k replaced: a new box
// whose other elements are the old box's (zeros where it is the null box), counted once more.
Emitted set_boxed_element(const PrimSite& s, int64_t k) {
  const Type* tuple = s.types.boxed(s.result);
  if (!tuple || tuple->kind != TypeKind::Tuple || k < 0 || static_cast<size_t>(k) >= tuple->elems.size())
    unsupported(s.node->loc, "a " + to_string(s.result) + " whose structure is not known");
  const std::string box = s.types.temporary("box"), old = s.args[0];
  std::string code = s.types.name(s.result) + " " + box + " = fx_box_new(sizeof *" + box + ", " + s.loc + ");\n";
  code += box + "->env = (" + s.types.name(tuple) + "){";
  for (size_t i = 0; i < tuple->elems.size(); ++i) {
    const std::string e = ".e" + std::to_string(i);
    const bool replaced = static_cast<int64_t>(i) == k;
    code += (i ? ", " : "") + (replaced ? s.types.convert(s.args[2], s.arg_types[2], tuple->elems[i])
                                        : "(" + old + " ? " + old + "->env" + e + " : " + s.types.zero(tuple->elems[i]) + ")");
  }
  code += std::string(tuple->elems.empty() ? "0" : "") + "};\n";
  for (size_t i = 0; i < tuple->elems.size(); ++i)
    if (static_cast<int64_t>(i) != k || !s.consumed.contains(2))
      code += s.types.retain(tuple->elems[i], box + "->env.e" + std::to_string(i));
  return {code, box};
}

// A copy of the struct with one field replaced, written as a literal of every field.
Emitted set_attr(const PrimSite& s) {
  if (s.arg_types[0]->kind == TypeKind::RecursiveTangent && s.result == s.arg_types[0])
    return set_boxed_element(s, constant_int(s, 1));
  // Derivative code replaces the element at a constant index of a tuple (a tangent's part).
  const ir::Node* k = s.node->arg(1);
  if (s.arg_types[0]->kind == TypeKind::Tuple && s.result->kind == TypeKind::Tuple && k->is_constant() &&
      std::holds_alternative<int64_t>(k->value) && s.result->elems.size() == s.arg_types[0]->elems.size()) {
    const Type* from = s.arg_types[0];
    std::string out = "(" + s.types.name(s.result) + "){";
    for (size_t i = 0; i < from->elems.size(); ++i) {
      out += i ? ", " : "";
      if (static_cast<int64_t>(i) == k->as_int()) out += s.types.convert(s.args[2], s.arg_types[2], s.result->elems[i]);
      else out += s.types.convert(s.args[0] + ".e" + std::to_string(i), from->elems[i], s.result->elems[i]);
    }
    return borrowed(out + (from->elems.empty() ? "0}" : "}"));
  }
  if (s.arg_types[0]->kind == TypeKind::Enum) return set_variant_field(s);
  if (s.arg_types[0]->kind != TypeKind::Struct) unsupported(s.node->loc, "replacing an element of a " + to_string(s.arg_types[0]));
  const ir::StructDecl* decl = s.arg_types[0]->struct_decl;
  const std::string& field = field_constant(s);
  std::string out = "(" + s.types.name(s.result) + "){";
  for (size_t i = 0; i < decl->fields.size(); ++i) {
    out += i ? ", " : "";
    if (decl->fields[i].name == field) out += s.types.convert(s.args[2], s.arg_types[2], s.types.field_type(decl, i));
    else out += s.args[0] + "." + CTypes::field_name(decl->fields[i].name);
  }
  return borrowed(out + "}");
}

// The variant a make_variant builds: its constant operand, or the constructor called as a value.
const ir::VariantDecl* variant_of(const PrimSite& s) {
  const ir::Node* k = s.node->inputs.size() > 1 ? s.node->arg(0) : nullptr;
  if (k && k->is_constant() && std::holds_alternative<const ir::VariantDecl*>(k->value))
    return std::get<const ir::VariantDecl*>(k->value);
  return s.node->callee()->type->variant;
}

// A new box (count 1) holding its own counts of the fields.
Emitted make_variant(const PrimSite& s) {
  const ir::VariantDecl* v = variant_of(s);
  const std::string c = s.types.name(s.result);
  const std::string& r = s.result_name;
  std::string code = r + " = fx_box_new(sizeof *" + r + ", " + s.loc + ");\n" + r + "->tag = " +
                     std::to_string(v->index) + ";\n";
  for (size_t i = 0; i < v->fields.size(); ++i) {
    const std::string field = r + "->as." + CTypes::field_name(v->name) + "." + CTypes::field_name(v->fields[i].name);
    const Type* type = s.types.field_type(v, i);
    code += field + " = " + s.types.convert(s.args[i + 1], s.arg_types[i + 1], type) + ";\n";
    code += s.types.retain(type, field);
  }
  return {code, ""};
}

Emitted variant_tag(const PrimSite& s) { return {"", s.args[0] + "->tag"}; }

// Lowered `match` reads a field only after testing the tag.
Emitted variant_field(const PrimSite& s) {
  const ir::Node* k = s.node->arg(1);
  if (!k->is_constant() || !std::holds_alternative<const ir::VariantDecl*>(k->value))
    unsupported(s.node->loc, "a variant that is not a constant");
  const ir::VariantDecl* v = std::get<const ir::VariantDecl*>(k->value);
  int64_t i = constant_int(s, 2);
  return borrowed(s.args[0] + "->as." + CTypes::field_name(v->name) + "." + CTypes::field_name(v->fields.at(i).name));
}

}  // namespace

FamilyEmissions structure_emissions() {
  return {ir::PrimFamily::STRUCTURE,
          {{Prim::MakeTuple, make_tuple},
           {Prim::TupleGet, tuple_get},
           {Prim::MakeStruct, make_struct},
           {Prim::GetAttr, get_attr},
           {Prim::SetAttr, set_attr},
           {Prim::MakeVariant, make_variant},
           {Prim::VariantTag, variant_tag},
           {Prim::VariantField, variant_field}}};
}

}  // namespace fx::codegen
