// C emission of the tensor families (TENSOR_CONSTRUCT, TENSOR_INDEX, TENSOR_COMPUTE,
// TENSOR_FILES, TENSOR_ADJOINT), of the scalar core on tensor and f32 operands (elementwise,
// with NumPy's broadcasting and weak scalars) and of matmul: one call of the runtime's
// fx_rt_apply (fx_rt.h), which evaluates the primitive by the interpreter's code for it, so the
// semantics and the messages are those of the interpreter; or, where the types show tensors of
// rank >= 1 and numbers, of fx_rt_op, its family's direct kernel on the headers (the same
// fx::rt kernel, without interpreter values). Operands travel as fx_value; the
// result comes back as the node's type says (a tensor handle, a number, a tuple of them), its
// tensors owned by the node. A failure is a located run-time error at the node (fx_apply).
#include <variant>

#include "codegen/full_extremes.hpp"
#include "codegen/prims.hpp"
#include "codegen/unsupported.hpp"
#include "native_abi/direct_ops.hpp"

namespace fx::codegen {

using ir::Prim;
using types::Type;
using types::TypeKind;

namespace {

}  // namespace

std::string fx_value_of(const PrimSite& s, const std::string& expr, const Type* t) {
  switch (t->kind) {
    case TypeKind::Bool: return "fx_v_bool(" + expr + ")";
    case TypeKind::I64: return "fx_v_i64(" + expr + ")";
    case TypeKind::F64: return "fx_v_f64(" + expr + ")";
    case TypeKind::Str: return "fx_v_str(" + expr + ")";
    case TypeKind::None:
    case TypeKind::Bottom: return "fx_v_none()";
    case TypeKind::F32:
    case TypeKind::Tensor: return "fx_v_tensor(" + expr + ")";
    case TypeKind::Tuple: {
      if (t->elems.empty()) return "fx_v_tuple(NULL, 0)";
      std::string items;
      for (size_t i = 0; i < t->elems.size(); ++i)
        items += (i ? ", " : "") + fx_value_of(s, expr + ".e" + std::to_string(i), t->elems[i]);
      return "fx_v_tuple((fx_value[]){" + items + "}, " + std::to_string(t->elems.size()) + ")";
    }
    case TypeKind::Struct: {
      const ir::StructDecl* decl = t->struct_decl;
      if (decl->fields.empty()) return "fx_v_struct(NULL, 0, NULL, " + quote_c(decl->name) + ")";
      std::string items, names;
      for (size_t i = 0; i < decl->fields.size(); ++i) {
        items += (i ? ", " : "") + fx_value_of(s, expr + "." + CTypes::field_name(decl->fields[i].name),
                                                 s.types.field_type(decl, i));
        names += (i ? ", " : "") + quote_c(decl->fields[i].name);
      }
      return "fx_v_struct((fx_value[]){" + items + "}, " + std::to_string(decl->fields.size()) + ", (const char*[]){" +
             names + "}, " + quote_c(decl->name) + ")";
    }
    default: unsupported(s.node->loc, "tensor primitives on a " + to_string(t) + " (" + ir::prim_name(s.prim) + ")");
  }
}

namespace {

// The types of a tuple's elements or a struct's fields, in order.
std::vector<const Type*> element_types(const PrimSite& s, const Type* t) {
  if (t->kind == TypeKind::Tuple) return t->elems;
  std::vector<const Type*> out;
  for (size_t i = 0; i < t->struct_decl->fields.size(); ++i) out.push_back(s.types.field_type(t->struct_decl, i));
  return out;
}

// Declares `name`, the fx_value that tells the runtime what a result of type t must be.
std::string result_slot(const PrimSite& s, const Type* t, const std::string& name) {
  const char* kind = nullptr;
  switch (t->kind) {
    case TypeKind::None:
    case TypeKind::Bottom: kind = "FX_VALUE_NONE"; break;
    case TypeKind::Bool: kind = "FX_VALUE_BOOL"; break;
    case TypeKind::I64: kind = "FX_VALUE_I64"; break;
    case TypeKind::F64: kind = "FX_VALUE_F64"; break;
    case TypeKind::F32:
    case TypeKind::Tensor: kind = "FX_VALUE_TENSOR"; break;
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      std::vector<const Type*> parts = element_types(s, t);
      std::string code, items;
      for (size_t i = 0; i < parts.size(); ++i) {
        std::string item = name + "_" + std::to_string(i);
        code += result_slot(s, parts[i], item);
        items += (i ? ", " : "") + item;
      }
      const std::string n = std::to_string(parts.size());
      std::string value = parts.empty() ? "fx_v_tuple(NULL, 0)" : "fx_v_tuple(" + name + "_items, " + n + ")";
      if (!parts.empty()) code += "fx_value " + name + "_items[" + n + "] = {" + items + "};\n";
      code += "fx_value " + name + " = " + value + ";\n";
      if (t->kind == TypeKind::Struct) code += name + ".kind = FX_VALUE_STRUCT;\n";
      return code;
    }
    default: unsupported(s.node->loc, "a tensor primitive returning a " + to_string(t) + " (" + ir::prim_name(s.prim) + ")");
  }
  return std::string("fx_value ") + name + " = {" + kind + "};\n";
}

// The C value of type t that the runtime wrote into the fx_value `slot`.
std::string read_back(const PrimSite& s, const Type* t, const std::string& slot) {
  switch (t->kind) {
    case TypeKind::None:
    case TypeKind::Bottom: return "(fx_none)0";
    case TypeKind::Bool: return slot + ".as.b";
    case TypeKind::I64: return slot + ".as.i";
    case TypeKind::F64: return slot + ".as.f";
    case TypeKind::Tuple:
    case TypeKind::Struct: {
      std::vector<const Type*> parts = element_types(s, t);
      std::string out = "(" + s.types.name(t) + "){";
      for (size_t i = 0; i < parts.size(); ++i)
        out += (i ? ", " : "") + read_back(s, parts[i], slot + ".as.tuple.items[" + std::to_string(i) + "]");
      return out + (parts.empty() ? "0}" : "}");
    }
    default: return slot + ".as.t";
  }
}

}  // namespace

bool touches_tensors(const PrimSite& s) {
  if (held_as_tensor(s.result)) return true;
  for (const Type* t : s.arg_types)
    if (held_as_tensor(t)) return true;
  return false;
}

namespace {

// A tensor of rank >= 1 to the types, so a tensor (not a number) to the interpreter too.
bool ranked_tensor(const Type* t) { return t->kind == TypeKind::Tensor && types::rank_of(t) >= 1; }

// May s call fx_rt_op, the runtime's direct kernel of its family (native_abi/direct_ops.hpp):
// every operand a ranked tensor, a number or None, none handed over, and the result a ranked
// tensor or a number? (--check-nan keeps fx_rt_apply_checked, which reports on the operands.)
bool direct(const PrimSite& s) {
  if (s.check_nan || !s.consumed.empty() || !native_abi::has_direct_kernel(s.prim)) return false;
  auto plain = [](const Type* t) {
    return t->kind == TypeKind::F64 || t->kind == TypeKind::I64 || t->kind == TypeKind::Bool;
  };
  for (const Type* t : s.arg_types)
    if (!ranked_tensor(t) && !plain(t) && t->kind != TypeKind::None) return false;
  return ranked_tensor(s.result) || plain(s.result);
}

}  // namespace

Emitted runtime_call(const PrimSite& s) {
  const std::string& r = s.result_name;
  std::string code;
  std::string args = "NULL";
  if (!s.args.empty()) {
    std::string items;
    for (size_t i = 0; i < s.args.size(); ++i) items += (i ? ", " : "") + fx_value_of(s, s.args[i], s.arg_types[i]);
    code += "fx_value " + r + "_a[" + std::to_string(s.args.size()) + "] = {" + items + "};\n";
    args = r + "_a";
  }
  code += result_slot(s, s.result, r + "_r");
  const std::string prim = "FX_PRIM_ID(" + quote_c(ir::prim_name(s.prim)) + ")";
  const std::string n = std::to_string(s.args.size());
  if (direct(s))
    code += "fx_op(" + s.loc + ", " + prim + ", " + args + ", " + n + ", &" + r + "_r);\n";
  else
    code += std::string(s.check_nan ? "fx_apply_checked(" : "fx_apply(") + s.loc + ", " + prim + ", " + args + ", " + n +
            ", UINT64_C(" + std::to_string(s.consumed.runtime_mask()) + "), &" + r + "_r);\n";
  if (s.result->kind == TypeKind::None || s.result->kind == TypeKind::Bottom) return {code, ""};
  return {code, read_back(s, s.result, r + "_r")};
}

namespace {

// Element reads and writes with integer indices, the hot operations of scalar loops over
// tensors, are done inline when the element is there (fx_element_offset), and by the runtime
// otherwise (which words the errors); under --check-nan always by the runtime.

// The C element type and dtype of a scalar type, when a tensor of it can be accessed inline.
bool inline_element(const Type* t, std::string* c_type, std::string* dtype) {
  switch (t->kind) {
    case TypeKind::F64: *c_type = "double"; *dtype = "FX_F64"; return true;
    case TypeKind::I64: *c_type = "int64_t"; *dtype = "FX_I64"; return true;
    case TypeKind::Bool: *c_type = "bool"; *dtype = "FX_BOOL"; return true;
    default: return false;
  }
}

// Does set_index's spec start with "+" (add the value at the element: the accumulation of a
// cotangent, src/opt/tangent_sums.cpp)?
bool adds_at(const PrimSite& s) {
  const ir::Node* spec = s.node->arg(1);
  return spec->is_constant() && std::holds_alternative<std::string>(spec->value) && !spec->as_str().empty() &&
         spec->as_str()[0] == '+';
}

// The spec of index/set_index: integers only ("i,i,...", for set_index also "+i,i,..."), each
// operand an i64; the number of integer operands, or -1.
int integer_spec(const PrimSite& s, size_t first, size_t count) {
  const ir::Node* spec = s.node->arg(1);
  if (!spec->is_constant() || !std::holds_alternative<std::string>(spec->value)) return -1;
  std::string text = spec->as_str();
  if (s.prim == Prim::SetIndex && !text.empty() && text[0] == '+') text = text.substr(1);
  std::string expected;
  for (size_t k = 0; k < count; ++k) expected += k ? ",i" : "i";
  if (text != expected || count == 0) return -1;
  for (size_t k = first; k < first + count; ++k)
    if (s.arg_types[k]->kind != TypeKind::I64) return -1;
  return static_cast<int>(count);
}

std::string index_array(const PrimSite& s, size_t first, size_t count) {
  std::string out = "(int64_t[]){";
  for (size_t k = 0; k < count; ++k) out += (k ? ", " : "") + s.args[first + k];
  return out + "}";
}

// The end of an inline fast path `if (...) { ...; r_v = ...;`: otherwise the runtime's call
// (`slow`, indented), its value into r_v.
std::string otherwise(const Emitted& slow, const std::string& r) {
  std::string code = "} else {\n";
  for (size_t start = 0, end; start < slow.statements.size(); start = end + 1) {
    end = slow.statements.find('\n', start);
    code += "  " + slow.statements.substr(start, end - start) + "\n";
  }
  return code + "  " + r + "_v = " + slow.value + ";\n}\n";
}

// index(x, "i,...", i, ...) → a number.
Emitted index(const PrimSite& s) {
  std::string c, dtype;
  const size_t n = s.args.size() - 2;
  if (s.check_nan || s.arg_types[0]->kind != TypeKind::Tensor || !inline_element(s.result, &c, &dtype) ||
      integer_spec(s, 2, n) < 0)
    return runtime_call(s);
  const std::string& r = s.result_name;
  Emitted slow = runtime_call(s);
  std::string code = c + " " + r + "_v;\nint64_t " + r + "_off;\nif (" + s.args[0] + "->dtype == " + dtype +
                     " && fx_element_offset(" + s.args[0] + ", " + index_array(s, 2, n) + ", " + std::to_string(n) +
                     ", &" + r + "_off)) {\n  " + r + "_v = ((const " + c + "*)" + s.args[0] + "->data)[" + r +
                     "_off];\n";
  return {code + otherwise(slow, r), r + "_v"};
}

// x[i, ...] = v or x[i, ...] += v with fewer indices than x has axes, on f64: a block of
// consecutive elements (a row of a matrix), v an f64 tensor of the block's shape or an f64
// number; the cotangent of a row read in a loop is added so (LSTM's gradients). A function of
// the generated file per spec and kind of value, called with the indices as an array.
Emitted set_block(const PrimSite& s, size_t n) {
  const bool tensor = s.arg_types.back()->kind == TypeKind::Tensor;
  const std::string spec = s.node->arg(1)->as_str();
  std::string fn = std::string("fx_set_block_") + (adds_at(s) ? "add_" : "") + std::to_string(n) + (tensor ? "_T" : "_d");
  s.types.function(fn,
                   "static fx_tensor* " + fn + "(int64_t loc, fx_tensor* x, const int64_t* idx, " +
                       (tensor ? "fx_tensor* v" : "double v") + ")",
                   [&] {
                     std::vector<std::string> args{"x", s.args[1]};
                     for (size_t k = 0; k < n; ++k) args.push_back("idx[" + std::to_string(k) + "]");
                     args.push_back("v");
                     PrimSite inside{s.prim, s.node, args, s.arg_types, s.result, "loc", "r", s.types, s.consumed};
                     Emitted slow = runtime_call(inside);  // takes x, as the consumed mask says
                     const std::string op = adds_at(s) ? " += " : " = ";
                     return "{\n"
                            "  int64_t off, len;\n"
                            "  if (fx_tensor_unique(x) && fx_f64_block(x, idx, " + std::to_string(n) + ", &off, &len)" +
                            (tensor ? " && fx_f64_block_like(v, x, " + std::to_string(n) + ")" : "") + ") {\n"
                            "    double* p = (double*)x->data + off;\n" +
                            (tensor ? "    const double* w = (const double*)v->data;\n" : "") +
                            "    for (int64_t k = 0; k < len; ++k) p[k]" + op + (tensor ? "w[k]" : "v") + ";\n"
                            "    return x;\n"
                            "  }\n" +
                            indent_lines(slow.statements + "return " + slow.value + ";\n") + "}\n";
                   });
  return {"", fn + "(" + s.loc + ", " + s.args[0] + ", " + index_array(s, 2, n) + ", " + s.args.back() + ")"};
}

// x[i, ...] = v (set_index(x, "i,...", i, ..., v)), or x[i, ...] += v ("+i,..."), into a tensor
// handed over that nobody else holds: written in place, and the result is the same reference.
Emitted set_index(const PrimSite& s) {
  std::string c, dtype;
  const size_t n = s.args.size() - 3;
  const Type* target = s.arg_types[0];
  const Type* value = s.arg_types.back();
  if (!s.check_nan && s.consumed.contains(0) && target->kind == TypeKind::Tensor && integer_spec(s, 2, n) > 0 &&
      (!target->dtype || target->dtype->kind == TypeKind::F64) &&
      ((value->kind == TypeKind::Tensor && value->dtype && value->dtype->kind == TypeKind::F64) ||
       (value->kind == TypeKind::F64 && types::rank_of(target) != static_cast<int>(n))))
    return set_block(s, n);
  if (s.check_nan || !s.consumed.contains(0) || s.arg_types[0]->kind != TypeKind::Tensor ||
      !inline_element(s.arg_types.back(), &c, &dtype) || integer_spec(s, 2, n) < 0 ||
      (adds_at(s) && s.arg_types.back()->kind != TypeKind::F64))  // (i64 sums wrap: the runtime's)
    return runtime_call(s);
  const std::string& r = s.result_name;
  const std::string& x = s.args[0];
  Emitted slow = runtime_call(s);
  std::string code = "fx_tensor* " + r + "_v;\nint64_t " + r + "_off;\nif (" + x + "->dtype == " + dtype +
                     " && fx_tensor_unique(" + x + ") && fx_element_offset(" + x + ", " + index_array(s, 2, n) + ", " +
                     std::to_string(n) + ", &" + r + "_off)) {\n  ((" + c + "*)" + x + "->data)[" + r + "_off] " +
                     (adds_at(s) ? "+= " : "= ") + s.args.back() + ";\n  " + r + "_v = " + x + ";\n";
  code += otherwise(slow, r);
  return {code, r + "_v"};
}

// unbroadcast(ct, like): a cotangent that already has like's shape and dtype, as derivative
// code's mostly are (the operands of an elementwise operation of one shape), is ct itself, as
// the runtime returns it (one more count of it), without the call.
Emitted unbroadcast(const PrimSite& s) {
  if (s.check_nan || !s.consumed.empty() || !ranked_tensor(s.result) || !ranked_tensor(s.arg_types[0]) ||
      !ranked_tensor(s.arg_types[1]))
    return runtime_call(s);
  const std::string& r = s.result_name;
  const std::string &ct = s.args[0], &like = s.args[1];
  std::string code = "fx_tensor* " + r + "_v;\nif (" + like + "->dtype == FX_F64 && fx_f64_run_like(" + ct + ", " +
                     like + ")) {\n  fx_rt_tensor_retain(" + ct + ");\n  " + r + "_v = " + ct + ";\n";
  return {code + otherwise(runtime_call(s), r), r + "_v"};
}

FamilyEmissions all_of(ir::PrimFamily family) {
  FamilyEmissions out{family, {}};
  for (int i = 0; i < ir::kPrimCount; ++i) {
    auto p = static_cast<Prim>(i);
    if (ir::prim_info(p).family != family) continue;
    Emission e = p == Prim::Index                                 ? index
                 : p == Prim::SetIndex                            ? set_index
                 : p == Prim::Unbroadcast                         ? unbroadcast
                 : p == Prim::ReduceMax || p == Prim::ReduceMin ? full_extreme
                                                                  : runtime_call;
    out.emissions.emplace_back(p, e);
  }
  return out;
}

}  // namespace

// Every primitive of the tensor families goes through fx_rt_apply.
std::vector<FamilyEmissions> tensor_emissions() {
  return {all_of(ir::PrimFamily::TENSOR_CONSTRUCT), all_of(ir::PrimFamily::TENSOR_INDEX),
          all_of(ir::PrimFamily::TENSOR_COMPUTE), all_of(ir::PrimFamily::TENSOR_FILES),
          all_of(ir::PrimFamily::TENSOR_ADJOINT), {ir::PrimFamily::SCALAR, {{Prim::MatMul, runtime_call}}}};
}

}  // namespace fx::codegen
