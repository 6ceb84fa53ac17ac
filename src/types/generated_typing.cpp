// Types of the primitive applications the AD transforms and the expansion build (generated_typing.hpp).
#include "types/generated_typing.hpp"

#include "support/diagnostics.hpp"

namespace fx::types {

using ir::Prim;

namespace {

// Primitives whose result is a function value, a persistent stack or a call's result: no
// rule types them from their operands alone.
bool untypable(Prim p) {
  switch (p) {
    case Prim::If:
    case Prim::While:
    case Prim::TreeMap:
    case Prim::Jvp:
    case Prim::Vjp:
    case Prim::GradHook:
    case Prim::ClosureAt:
    case Prim::MakeClosure:
    case Prim::ClosureEnv:
    case Prim::Jfn:
    case Prim::Tfn:
    case Prim::ListEmpty:
    case Prim::ListPush:
    case Prim::ListTop:
    case Prim::ListPop:
      return true;
    default:
      return ir::prim_info(p).family == ir::PrimFamily::AD_OPERATOR;
  }
}

}  // namespace

const Type* PrimTyping::result_with_extents(Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                                            const std::vector<const Type*>& arg_types) {
  try {
    return rule_result(p, n, args, arg_types);
  } catch (const CompileError&) {
    return nullptr;
  } catch (const InternalError&) {
    return nullptr;
  }
}

const Type* PrimTyping::result(Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                               const std::vector<const Type*>& arg_types) {
  const Type* t = result_with_extents(p, n, args, arg_types);
  return t ? erase_extents(store_, t) : nullptr;
}

const Type* PrimTyping::checked_result(Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                                       const std::vector<const Type*>& arg_types) {
  const Type* t = rule_result(p, n, args, arg_types);
  return t ? erase_extents(store_, t) : nullptr;
}

const Type* PrimTyping::rule_result(Prim p, const ir::Node* n, const std::vector<const ir::Node*>& args,
                                    const std::vector<const Type*>& arg_types) {
  if (untypable(p)) return nullptr;
  for (const Type* t : arg_types)
    if (!t || t->kind == TypeKind::Bottom || is_function(t)) return nullptr;
  if (p == Prim::GradSeed) return store_.f64();  // 1.0, or an error
  // A sum of two cotangents of one value: the value's (tangent) type.
  if (p == Prim::AddTangent) return arg_types.size() == 2 ? arg_types[0] : nullptr;
  if (p == Prim::ListIsEmpty) return store_.boolean();
  // The reverse rule of a match's field read replaces that field of the enum's tangent (a
  // value of the same enum) by name; users cannot name an enum's fields.
  if (p == Prim::SetAttr && arg_types.size() == 3 && arg_types[0]->kind == TypeKind::Enum && args[1]->is_constant() &&
      std::holds_alternative<std::string>(args[1]->value)) {
    for (const auto& v : arg_types[0]->enum_decl->variants)
      for (const auto& f : v->fields)
        if (f.name == args[1]->as_str()) return arg_types[0];
    return nullptr;
  }
  // Its transpose, in a derivative of a derivative, reads that field of an enum's tangent by
  // name: the field's type (where variants share the name, one type for all of them).
  if (p == Prim::GetAttr && arg_types.size() == 2 && arg_types[0]->kind == TypeKind::Enum && args[1]->is_constant() &&
      std::holds_alternative<std::string>(args[1]->value)) {
    const Type* field = nullptr;
    for (const auto& v : arg_types[0]->enum_decl->variants)
      for (size_t i = 0; i < v->fields.size(); ++i)
        if (v->fields[i].name == args[1]->as_str()) {
          const Type* t = annotations_.field_type(v.get(), i);
          if (field && t != field) return nullptr;
          field = t;
        }
    return field;
  }
  // The derivative rules convert tensors elementwise with float()/int() (users write
  // astype(x, f64), which the user-facing rule asks for): the dtype changes, the rank stays.
  if ((p == Prim::ToF64 || p == Prim::ToI64) && arg_types.size() == 1 && is_tensor(arg_types[0]))
    return store_.tensor(p == Prim::ToF64 ? store_.f64() : store_.i64(), arg_types[0]->rank);
  PrimCall call;
  call.node = n;
  call.args = arg_types;
  call.arg_nodes = args;
  const Type* t = nullptr;
  try {
    t = rules_.infer(p, call);
  } catch (const InternalError&) {
    return nullptr;  // a use the user-facing rule does not know (set_attr of a tuple's element)
  }
  return t;
}

}  // namespace fx::types
