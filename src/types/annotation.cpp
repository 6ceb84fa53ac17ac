#include "types/annotation.hpp"

#include <algorithm>
#include <cctype>

#include "support/diagnostics.hpp"

namespace fx::types {

namespace {

// Scalar type names; these take no [arguments].
const Type* scalar_named(TypeStore& store, const std::string& name) {
  if (name == "f64") return store.f64();
  if (name == "f32") return store.f32();
  if (name == "i64") return store.i64();
  if (name == "bool") return store.boolean();
  if (name == "str") return store.str();
  if (name == "None") return store.none();
  return nullptr;
}

}  // namespace

const Type* Annotations::resolve(const ast::TypeExpr* annotation) {
  if (!annotation) return nullptr;
  auto cached = cache_.find(annotation);
  if (cached != cache_.end()) return cached->second;

  const std::string& name = annotation->name;
  const Type* result = nullptr;
  if (name == "tuple") {
    std::vector<const Type*> elems;
    for (const auto& arg : annotation->args) elems.push_back(resolve(arg.get()));
    result = store_.tuple(std::move(elems));
  } else if (name == "Tensor") {
    result = resolve_tensor(annotation);
  } else if (!name.empty() && std::isdigit(static_cast<unsigned char>(name[0]))) {
    compile_error(annotation->loc, "expected a type, found the number " + name +
                                       " (a rank goes second in Tensor[f64, 2])");
  } else if (const Type* scalar = scalar_named(store_, name)) {
    if (!annotation->args.empty())
      compile_error(annotation->loc, "type " + name + " takes no type arguments");
    result = scalar;
  } else if (auto s = module_.struct_by_name.find(name); s != module_.struct_by_name.end()) {
    if (!annotation->args.empty())
      compile_error(annotation->loc, "struct " + name + " takes no type arguments");
    result = store_.struct_type(s->second);
  } else if (auto e = module_.enum_by_name.find(name); e != module_.enum_by_name.end()) {
    if (!annotation->args.empty())
      compile_error(annotation->loc, "enum " + name + " takes no type arguments");
    result = store_.enum_type(e->second);
  } else {
    compile_error(annotation->loc, "unknown type '" + name +
                                       "': expected f64, f32, i64, bool, str, None, Tensor[f64], a "
                                       "tuple (A, B), or a struct or enum name");
  }
  cache_.emplace(annotation, result);
  return result;
}

// Tensor[T] (any rank) or Tensor[T, rank] (docs/tensors.md), T one of f64 f32 i64 bool.
const Type* Annotations::resolve_tensor(const ast::TypeExpr* annotation) {
  const char* form = "write Tensor[f64], or Tensor[f64, 2] for a given rank";
  const auto& args = annotation->args;
  if (args.empty() || args.size() > 2)
    compile_error(annotation->loc, std::string("Tensor takes an element type and optionally a rank: ") + form);
  const ast::TypeExpr* element = args[0].get();
  const Type* dtype = element->args.empty() ? store_.dtype_named(element->name) : nullptr;
  if (!dtype)
    compile_error(element->loc, "a tensor's element type must be f64, f32, i64 or bool, found '" +
                                    element->name + "'");
  if (args.size() == 1) return store_.tensor(dtype);
  const ast::TypeExpr* rank = args[1].get();
  bool digits = !rank->name.empty() && rank->args.empty() &&
                std::all_of(rank->name.begin(), rank->name.end(),
                            [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  if (!digits || rank->name.size() > 2)
    compile_error(rank->loc, "a tensor's rank must be a small non-negative integer, found '" + rank->name + "'");
  return store_.tensor(dtype, std::stoll(rank->name));
}

const Type* Annotations::resolve_field(const ir::FieldInfo& field, const std::string& owner) {
  if (!field.type)
    compile_error(field.loc, "field '" + field.name + "' of " + owner + " needs a type annotation");
  return resolve(field.type);
}

const Type* Annotations::field_type(const ir::StructDecl* decl, size_t i) {
  return resolve_field(decl->fields.at(i), decl->name);
}

const Type* Annotations::field_type(const ir::VariantDecl* variant, size_t i) {
  return resolve_field(variant->fields.at(i), variant->name);
}

}  // namespace fx::types
