// C emission of the SCALAR family on scalars: NumPy's promotion is read from the node's
// type (i64 op f64 is f64: the i64 operand is converted), i64 arithmetic wraps (fx_gen.h),
// and what has Python's or NumPy's special cases calls the runtime's C ABI (fx_rt.h).
#include "codegen/prims.hpp"
#include "codegen/unsupported.hpp"

namespace fx::codegen {

using ir::Prim;
using types::TypeKind;

std::string as_f64(const std::string& expr, const types::Type* t) {
  return t->kind == TypeKind::F64 ? expr : "(double)" + expr;
}

namespace {

bool int_result(const PrimSite& s) { return s.result->kind == TypeKind::I64; }
std::string f(const PrimSite& s, size_t i) { return as_f64(s.args[i], s.arg_types[i]); }
Emitted value(std::string v) { return {"", std::move(v)}; }

// i64 op i64 → i64 with `int_fn`, otherwise `float_op` on f64 operands.
template <const char* IntFn, const char* FloatOp>
Emitted arith(const PrimSite& s) {
  if (s.result->kind == TypeKind::Str) {  // + on strings: a new string (owned)
    if (std::string(FloatOp) != "+") unsupported(s.node->loc, "this operation on strings");
    return value("fx_rt_str_concat(" + s.args[0] + ", " + s.args[1] + ")");
  }
  if (int_result(s)) return value(std::string(IntFn) + "(" + s.args[0] + ", " + s.args[1] + ")");
  return value("(" + f(s, 0) + " " + FloatOp + " " + f(s, 1) + ")");
}
constexpr char kAddI[] = "fx_add_i64", kSubI[] = "fx_sub_i64", kMulI[] = "fx_mul_i64";
constexpr char kPlus[] = "+", kMinus[] = "-", kTimes[] = "*";

// i64 with a location (it may fail), or an f64 function of the runtime.
template <const char* IntFn, const char* FloatFn>
Emitted checked(const PrimSite& s) {
  if (int_result(s)) return value(std::string(IntFn) + "(" + s.args[0] + ", " + s.args[1] + ", " + s.loc + ")");
  return value(std::string(FloatFn) + "(" + f(s, 0) + ", " + f(s, 1) + ")");
}
constexpr char kFloorDivI[] = "fx_floordiv_i64", kFloorDivF[] = "fx_rt_f64_floordiv";
constexpr char kModI[] = "fx_mod_i64", kModF[] = "fx_rt_f64_mod";
constexpr char kPowI[] = "fx_pow_i64", kPowF[] = "fx_pow_f64";

Emitted div(const PrimSite& s) { return value("(" + f(s, 0) + " / " + f(s, 1) + ")"); }
Emitted neg(const PrimSite& s) { return value(int_result(s) ? "fx_neg_i64(" + s.args[0] + ")" : "(-" + s.args[0] + ")"); }

// lt le gt ge: i64 with i64 exactly, otherwise as f64 (as the interpreter).
template <const char* Op>
Emitted compare(const PrimSite& s) {
  bool ints = s.arg_types[0]->kind == TypeKind::I64 && s.arg_types[1]->kind == TypeKind::I64;
  if (ints) return value("(" + s.args[0] + " " + Op + " " + s.args[1] + ")");
  return value("(" + f(s, 0) + " " + Op + " " + f(s, 1) + ")");
}
constexpr char kLt[] = "<", kLe[] = "<=", kGt[] = ">", kGe[] = ">=";

std::string equality(const PrimSite& s) {
  const types::Type *a = s.arg_types[0], *b = s.arg_types[1];
  if (a == b) return s.types.equal(a, s.args[0], s.args[1]);
  if (types::is_number(a) && types::is_number(b)) return "(" + f(s, 0) + " == " + f(s, 1) + ")";
  unsupported(s.node->loc, "comparing a " + to_string(a) + " with a " + to_string(b));
}
Emitted eq(const PrimSite& s) { return value(equality(s)); }
Emitted ne(const PrimSite& s) { return value("(!" + equality(s) + ")"); }
Emitted logical_not(const PrimSite& s) { return value("(!" + s.args[0] + ")"); }

// Float math: the argument as f64.
template <const char* Fn>
Emitted math(const PrimSite& s) { return value(std::string(Fn) + "(" + f(s, 0) + ")"); }
constexpr char kExp[] = "exp", kLog[] = "log", kLog1p[] = "log1p", kExpm1[] = "expm1", kSin[] = "sin",
               kCos[] = "cos", kTan[] = "tan", kTanh[] = "tanh", kSqrt[] = "sqrt", kSigmoid[] = "fx_rt_sigmoid",
               kSoftplus[] = "fx_rt_softplus", kFloor[] = "floor", kCeil[] = "ceil", kLgamma[] = "lgamma",
               kDigamma[] = "fx_rt_digamma", kTrigamma[] = "fx_rt_trigamma", kErf[] = "erf", kErfc[] = "erfc";

// Type-preserving: an i64 form and an f64 form.
Emitted abs_(const PrimSite& s) { return value(int_result(s) ? "fx_abs_i64(" + s.args[0] + ")" : "fabs(" + s.args[0] + ")"); }
Emitted sign(const PrimSite& s) {
  const std::string& x = s.args[0];
  return value(int_result(s) ? "(int64_t)((" + x + " > 0) - (" + x + " < 0))" : "fx_rt_sign(" + x + ")");
}
Emitted relu(const PrimSite& s) {
  const std::string& x = s.args[0];
  return value(int_result(s) ? "(" + x + " > 0 ? " + x + " : 0)" : "fx_relu_f64(" + x + ")");
}
Emitted maximum(const PrimSite& s) {
  if (int_result(s)) return value("(" + s.args[0] + " >= " + s.args[1] + " ? " + s.args[0] + " : " + s.args[1] + ")");
  return value("fx_rt_maximum(" + f(s, 0) + ", " + f(s, 1) + ")");
}
Emitted minimum(const PrimSite& s) {
  if (int_result(s)) return value("(" + s.args[0] + " <= " + s.args[1] + " ? " + s.args[0] + " : " + s.args[1] + ")");
  return value("fx_rt_minimum(" + f(s, 0) + ", " + f(s, 1) + ")");
}

// str(x): x written as print writes it, then taken out of the pending line as a new string.
Emitted to_str(const PrimSite& s) {
  const std::string mark = s.result_name + "_mark";
  return {"int64_t " + mark + " = fx_rt_line_mark();\n" + s.types.put(s.arg_types[0], s.args[0]),
          "fx_rt_str_of_pending(" + mark + ")"};
}

Emitted to_f64(const PrimSite& s) {
  if (s.arg_types[0]->kind == TypeKind::Bool) return value("(" + s.args[0] + " ? 1.0 : 0.0)");
  return value(f(s, 0));
}
Emitted to_i64(const PrimSite& s) {
  switch (s.arg_types[0]->kind) {
    case TypeKind::I64: return value(s.args[0]);
    case TypeKind::Bool: return value("(int64_t)" + s.args[0]);
    default: return value("fx_f64_to_i64(" + s.args[0] + ", " + s.loc + ")");
  }
}

}  // namespace

FamilyEmissions scalar_emissions() {
  return {ir::PrimFamily::SCALAR,
          {{Prim::Add, arith<kAddI, kPlus>},
           {Prim::Sub, arith<kSubI, kMinus>},
           {Prim::Mul, arith<kMulI, kTimes>},
           {Prim::Div, div},
           {Prim::FloorDiv, checked<kFloorDivI, kFloorDivF>},
           {Prim::Mod, checked<kModI, kModF>},
           {Prim::Pow, checked<kPowI, kPowF>},
           {Prim::Neg, neg},
           {Prim::Lt, compare<kLt>},
           {Prim::Le, compare<kLe>},
           {Prim::Gt, compare<kGt>},
           {Prim::Ge, compare<kGe>},
           {Prim::Eq, eq},
           {Prim::Ne, ne},
           {Prim::Not, logical_not},
           {Prim::Exp, math<kExp>},
           {Prim::Log, math<kLog>},
           {Prim::Log1p, math<kLog1p>},
           {Prim::Expm1, math<kExpm1>},
           {Prim::Sin, math<kSin>},
           {Prim::Cos, math<kCos>},
           {Prim::Tan, math<kTan>},
           {Prim::Tanh, math<kTanh>},
           {Prim::Sqrt, math<kSqrt>},
           {Prim::Sigmoid, math<kSigmoid>},
           {Prim::Softplus, math<kSoftplus>},
           {Prim::Floor, math<kFloor>},
           {Prim::Ceil, math<kCeil>},
           {Prim::Lgamma, math<kLgamma>},
           {Prim::Digamma, math<kDigamma>},
           {Prim::Trigamma, math<kTrigamma>},
           {Prim::Erf, math<kErf>},
           {Prim::Erfc, math<kErfc>},
           {Prim::Abs, abs_},
           {Prim::Sign, sign},
           {Prim::Relu, relu},
           {Prim::Maximum, maximum},
           {Prim::Minimum, minimum},
           {Prim::ToF64, to_f64},
           {Prim::ToI64, to_i64},
           {Prim::ToStr, to_str}}};
}

}  // namespace fx::codegen
