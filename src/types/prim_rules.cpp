// Type rules of the scalar primitives (docs/ir.md "Primitives", LANGUAGE.md §2).
// Bottom ("not known yet") operands never cause an error: they make the result Bottom
// (or whatever the rule can still tell), so approximations during recursion and loop
// fixpoints do not report spurious errors. Known operands are checked eagerly.
#include "types/prim_rules.hpp"

#include "support/diagnostics.hpp"
#include "types/locations.hpp"

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

// The source operator of a comparison primitive, for messages.
const char* operator_text(Prim p) {
  if (p == Prim::Lt) return "<";
  if (p == Prim::Le) return "<=";
  if (p == Prim::Gt) return ">";
  if (p == Prim::Ge) return ">=";
  if (p == Prim::Eq) return "==";
  if (p == Prim::Ne) return "!=";
  return ir::prim_name(p);
}

}  // namespace

SourceLoc operand_at(const PrimCall& call, size_t i) {
  const auto& written = call.node->arg_locs;
  if (i < written.size() && written[i].valid()) return written[i];
  return i < call.arg_nodes.size() ? operand_loc(call.node, call.arg_nodes[i]) : call.node->loc;
}

std::string count_of(size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

const Type* PrimRules::infer(Prim p, const PrimCall& call) {
  int arity = ir::prim_info(p).arity;
  if (arity >= 0 && call.args.size() != static_cast<size_t>(arity))
    compile_error(call.node->loc, std::string(ir::prim_name(p)) + " takes " +
                                      count_of(arity, "argument") + ", " +
                                      std::to_string(call.args.size()) + " given");
  switch (p) {
    case Prim::Add:
    case Prim::Sub:
    case Prim::Mul:
    case Prim::Div:
    case Prim::FloorDiv:
    case Prim::Mod:
    case Prim::Pow:
    case Prim::Maximum:
    case Prim::Minimum:
      return arithmetic(p, call);
    case Prim::Neg:
    case Prim::Abs:
    case Prim::Sign:
    case Prim::Relu:
      return math(call, /*keeps_type=*/true);
    case Prim::MatMul:
      if (is_bottom(call.args[0]) && is_bottom(call.args[1])) return store_.bottom();
      compile_error(call.node->loc, "@ needs tensors, found " + to_string(call.args[0]) + " and " +
                                        to_string(call.args[1]) + " (tensors are not supported yet)");
    case Prim::Lt:
    case Prim::Le:
    case Prim::Gt:
    case Prim::Ge:
      return compare(p, call);
    case Prim::Eq:
    case Prim::Ne:
      return equality(p, call);
    case Prim::Not:
      if (!is_bottom(call.args[0]) && call.args[0] != store_.boolean())
        compile_error(call.node->loc, "`not` needs a bool: expected bool, found " + to_string(call.args[0]));
      return store_.boolean();
    case Prim::Exp:
    case Prim::Log:
    case Prim::Log1p:
    case Prim::Expm1:
    case Prim::Sin:
    case Prim::Cos:
    case Prim::Tan:
    case Prim::Tanh:
    case Prim::Sqrt:
    case Prim::Sigmoid:
    case Prim::Softplus:
    case Prim::Floor:
    case Prim::Ceil:
      return math(call, /*keeps_type=*/false);
    case Prim::ToF64:
    case Prim::ToI64:
      return convert(p, call);
    case Prim::MakeTuple:
      return store_.tuple(call.args);
    case Prim::TupleGet:
      return tuple_get(call);
    case Prim::MakeStruct:
      return make_struct(call);
    case Prim::GetAttr:
    case Prim::SetAttr:
      return field_access(p, call);
    case Prim::MakeVariant:
      return make_variant(call);
    case Prim::VariantTag:
      return variant_tag(call);
    case Prim::VariantField:
      return variant_field(call);
    case Prim::If:
      return control_.infer_if(call);
    case Prim::While:
      return control_.infer_while(call);
    case Prim::Print:
    case Prim::Assert:
    case Prim::Fail:
      return effect(p, call);
    // Derivatives (LANGUAGE.md §6; derivative_rules.cpp, derivative_calls.cpp).
    case Prim::Grad:
    case Prim::ValueAndGrad:
    case Prim::Jacfwd:
    case Prim::Jacrev:
    case Prim::Hessian:
    case Prim::Derivative:
    case Prim::Checkpoint:
    case Prim::CustomVjp:
    case Prim::CustomJvp:
      return derivative_operator(p, call);
    case Prim::Jvp:
    case Prim::Vjp:
    case Prim::GradHook:
      return control_.infer_derivative_call(p, call);
    case Prim::StopGradient:
      return call.args[0];
    // Emitted by the AD transforms, whose output is not type-checked again.
    case Prim::MakeClosure:
    case Prim::Jfn:
    case Prim::Tfn:
    case Prim::ZerosLike:
    case Prim::AddTangent:
    case Prim::ListEmpty:
    case Prim::ListPush:
    case Prim::ListTop:
    case Prim::ListPop:
    case Prim::ListIsEmpty:
      internal_error("type inference", std::string("'") + ir::prim_name(p) +
                                           "' is made by the AD transforms, whose output is never type-checked");
  }
  internal_error("type inference", "unknown primitive");
}

// ------------------------------------------------------------------ numbers
const Type* PrimRules::number_operand(const Type* t, SourceLoc loc) {
  if (!is_bottom(t) && !is_number(t)) compile_error(loc, "expected a number, found " + to_string(t));
  return t;
}

// i64 op float → float; f32 and f64 do not mix implicitly (LANGUAGE.md §2).
const Type* PrimRules::promote(const Type* a, const Type* b, SourceLoc loc) {
  number_operand(a, loc);
  number_operand(b, loc);
  if (is_bottom(a) || is_bottom(b)) return store_.bottom();
  if (a == b) return a;
  if (a == store_.i64()) return b;
  if (b == store_.i64()) return a;
  compile_error(loc, "cannot mix " + to_string(a) + " and " + to_string(b) +
                         " in arithmetic; convert one of them explicitly");
}

const Type* PrimRules::arithmetic(Prim p, const PrimCall& call) {
  const Type* t = promote(call.args[0], call.args[1], call.node->loc);
  if (p == Prim::Div && t == store_.i64()) return store_.f64();  // true division
  return t;
}

const Type* PrimRules::math(const PrimCall& call, bool keeps_type) {
  const Type* t = number_operand(call.args[0], call.node->loc);
  if (is_bottom(t) || keeps_type) return t;
  return t == store_.f32() ? t : store_.f64();
}

const Type* PrimRules::compare(Prim p, const PrimCall& call) {
  const Type* a = call.args[0];
  const Type* b = call.args[1];
  for (const Type* t : {a, b})
    if (!is_bottom(t) && !is_number(t))
      compile_error(call.node->loc, std::string(operator_text(p)) +
                                        " compares numbers: expected a number, found " + to_string(t));
  promote(a, b, call.node->loc);
  return store_.boolean();
}

// == and != compare two values of the same type; numbers of different types compare
// by value, as in Python (1 == 1.0).
const Type* PrimRules::equality(Prim p, const PrimCall& call) {
  const Type* a = call.args[0];
  const Type* b = call.args[1];
  if (is_bottom(a) || is_bottom(b)) return store_.boolean();
  if (is_number(a) && is_number(b)) {
    promote(a, b, call.node->loc);
    return store_.boolean();
  }
  if (is_function(a) || is_function(b))
    compile_error(call.node->loc, std::string(operator_text(p)) + " cannot compare functions (found " +
                                      to_string(a) + " and " + to_string(b) + ")");
  if (!join(store_, a, b))
    compile_error(call.node->loc, std::string(operator_text(p)) +
                                      " needs two values of the same type, found " + to_string(a) +
                                      " and " + to_string(b));
  return store_.boolean();
}

const Type* PrimRules::convert(Prim p, const PrimCall& call) {
  const Type* t = call.args[0];
  const char* fn = p == Prim::ToF64 ? "float" : "int";
  if (!is_bottom(t) && !is_number(t) && t != store_.boolean())
    compile_error(call.node->loc, std::string(fn) + "() expects a number or bool, found " + to_string(t));
  return p == Prim::ToF64 ? store_.f64() : store_.i64();
}

// ------------------------------------------------------------------- tuples
const ir::Node* PrimRules::constant_operand(Prim p, const PrimCall& call, size_t i) {
  if (call.arg_nodes.size() <= i)
    compile_error(call.node->loc, std::string(ir::prim_name(p)) + " cannot be called through a function value");
  const ir::Node* n = call.arg_nodes[i];
  if (!n->is_constant())
    compile_error(n->loc.valid() ? n->loc : call.node->loc,
                  std::string(ir::prim_name(p)) + " needs a constant here");
  return n;
}

const Type* PrimRules::tuple_get(const PrimCall& call) {
  const ir::Node* index_node = call.arg_nodes.size() > 1 ? call.arg_nodes[1] : nullptr;
  if (!index_node || !index_node->is_constant() || !std::holds_alternative<int64_t>(index_node->value))
    compile_error(call.node->loc, "a tuple index must be a constant integer");
  int64_t index = index_node->as_int();
  const Type* t = call.args[0];
  if (is_bottom(t)) return t;
  if (t->kind != TypeKind::Tuple)
    compile_error(call.node->loc, "cannot index " + to_string(t) + ": expected a tuple");
  int64_t size = static_cast<int64_t>(t->elems.size());
  int64_t i = index < 0 ? index + size : index;
  if (i < 0 || i >= size)
    compile_error(call.node->loc, "tuple index " + std::to_string(index) + " is out of range: " +
                                      to_string(t) + " has " + count_of(size, "element"));
  return t->elems[i];
}

// ------------------------------------------------------------------ structs
const Type* PrimRules::construct_struct(const ir::StructDecl* decl, const std::vector<const Type*>& fields,
                                        SourceLoc loc, const std::vector<SourceLoc>& field_locs) {
  if (fields.size() != decl->fields.size())
    compile_error(loc, decl->name + " has " + count_of(decl->fields.size(), "field") + ", " +
                           std::to_string(fields.size()) + " given");
  for (size_t i = 0; i < fields.size(); ++i) {
    const Type* expected = annotations_.field_type(decl, i);
    if (!fits(fields[i], expected))
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

// ------------------------------------------------------------------ effects
const Type* PrimRules::effect(Prim p, const PrimCall& call) {
  if (p == Prim::Fail) return store_.bottom();  // never returns: joins with anything
  if (p == Prim::Assert) {
    if (!is_bottom(call.args[0]) && call.args[0] != store_.boolean())
      compile_error(operand_at(call, 0), "assert condition must be bool, found " + to_string(call.args[0]));
    if (!is_bottom(call.args[1]) && call.args[1] != store_.str() && call.args[1] != store_.none())
      compile_error(call.node->loc, "assert message must be a string, found " + to_string(call.args[1]));
  }
  return store_.none();  // print takes any values
}

}  // namespace fx::types
