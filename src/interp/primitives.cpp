#include "interp/primitives.hpp"

#include <cmath>
#include <utility>
#include <ostream>

#include "interp/format.hpp"
#include "interp/scalar_ops.hpp"
#include "interp/tensor_values.hpp"
#include "fluxion/runtime/special.hpp"
#include "support/clock.hpp"
#include "support/diagnostics.hpp"

namespace fx::interp {

using ir::Prim;

namespace {

// How a primitive is written in the source, for messages: "operator '+'", "'sin'".
std::string describe(Prim p) {
  static constexpr std::pair<Prim, const char*> kOperators[] = {
      {Prim::Add, "+"},  {Prim::Sub, "-"},  {Prim::Mul, "*"},   {Prim::Div, "/"},
      {Prim::FloorDiv, "//"}, {Prim::Mod, "%"}, {Prim::Pow, "**"}, {Prim::Neg, "-"},
      {Prim::MatMul, "@"}, {Prim::Lt, "<"}, {Prim::Le, "<="},  {Prim::Gt, ">"},
      {Prim::Ge, ">="}, {Prim::Eq, "=="}, {Prim::Ne, "!="},  {Prim::Not, "not"},
  };
  for (const auto& [prim, text] : kOperators)
    if (prim == p) return std::string("operator '") + text + "'";
  return std::string("'") + ir::prim_name(p) + "'";
}

[[noreturn]] void operands_error(Prim p, SourceLoc loc, const Value& a, const Value& b) {
  runtime_error(loc, describe(p) + " expects numbers (i64 or f64), found " + type_name(a) +
                         " and " + type_name(b));
}

[[noreturn]] void operand_error(Prim p, SourceLoc loc, const Value& a, const char* expected) {
  runtime_error(loc, describe(p) + " expects " + expected + ", found " + type_name(a));
}

// i64 op i64 → i64, otherwise f64 (NumPy promotion); bool and the rest are errors.
template <class IntOp, class FloatOp>
Value numeric(Prim p, SourceLoc loc, const Value* a, IntOp int_op, FloatOp float_op) {
  const Value& x = a[0];
  const Value& y = a[1];
  if (x.kind() == Kind::Int && y.kind() == Kind::Int)
    return Value::integer(int_op(x.as_int(), y.as_int()));
  if (x.is_number() && y.is_number()) return Value::real(float_op(x.to_double(), y.to_double()));
  operands_error(p, loc, x, y);
}

// Always f64 (div, and the float math functions of two arguments).
template <class FloatOp>
Value floating(Prim p, SourceLoc loc, const Value* a, FloatOp float_op) {
  if (a[0].is_number() && a[1].is_number())
    return Value::real(float_op(a[0].to_double(), a[1].to_double()));
  operands_error(p, loc, a[0], a[1]);
}

// lt le gt ge: i64 with i64 exactly, otherwise as f64.
template <class Cmp>
Value compare(Prim p, SourceLoc loc, const Value* a, Cmp cmp) {
  const Value& x = a[0];
  const Value& y = a[1];
  if (x.kind() == Kind::Int && y.kind() == Kind::Int) return Value::boolean(cmp(x.as_int(), y.as_int()));
  if (x.is_number() && y.is_number()) return Value::boolean(cmp(x.to_double(), y.to_double()));
  operands_error(p, loc, x, y);
}

// Float math: i64 arguments are converted to f64.
template <class FloatFn>
Value math(Prim p, SourceLoc loc, const Value& x, FloatFn fn) {
  if (!x.is_number()) operand_error(p, loc, x, "a number (i64 or f64)");
  return Value::real(fn(x.to_double()));
}

// Type-preserving: i64 stays i64.
template <class IntFn, class FloatFn>
Value preserving(Prim p, SourceLoc loc, const Value& x, IntFn int_fn, FloatFn float_fn) {
  if (x.kind() == Kind::Int) return Value::integer(int_fn(x.as_int()));
  if (x.kind() == Kind::Float) return Value::real(float_fn(x.as_float()));
  operand_error(p, loc, x, "a number (i64 or f64)");
}

const std::string& require_str(Prim p, SourceLoc loc, const Value& v) {
  if (v.kind() != Kind::Str) operand_error(p, loc, v, "a string");
  return v.as_str();
}

Value tuple_get(SourceLoc loc, const Value& t, const Value& index) {
  if (t.kind() != Kind::Tuple)
    runtime_error(loc, "indexing expects a tuple, found " + type_name(t));
  if (index.kind() != Kind::Int)
    runtime_error(loc, "a tuple index must be an i64, found " + type_name(index));
  const auto& items = t.items();
  int64_t size = static_cast<int64_t>(items.size());
  int64_t i = index.as_int();
  if (i < -size || i >= size)
    runtime_error(loc, "tuple index " + std::to_string(i) + " is out of range for a tuple of " +
                           std::to_string(size) + (size == 1 ? " element" : " elements"));
  return items[static_cast<size_t>(i < 0 ? i + size : i)];
}

Value print(std::ostream& out, const Value* args, size_t n) {
  std::string line;
  for (size_t i = 0; i < n; ++i) {
    if (i) line += ' ';
    format_value_to(line, args[i]);
  }
  line += '\n';
  out << line;
  return Value::none();
}

Value check_assertion(SourceLoc loc, const Value& cond, const Value& message) {
  if (require_bool(cond, loc, "assert")) return Value::none();
  // The message is reported as it is: the lowering words user assertions
  // ("assertion failed: msg") and its own checks ("range() step must not be zero").
  std::string text = message.kind() == Kind::Str ? message.as_str() : format_value(message);
  runtime_error(loc, text.empty() ? "assertion failed" : text);
}

// Fields of a struct or variant by name: its declaration's field list.
const std::vector<ir::FieldInfo>* declared_fields(const Value& x) {
  if (x.kind() == Kind::Struct) return &x.as_struct().decl->fields;
  if (x.kind() == Kind::Variant) return &x.as_variant().decl->fields;
  return nullptr;
}

std::string decl_name(const Value& x) {
  return x.kind() == Kind::Struct ? x.as_struct().decl->name : x.as_variant().decl->name;
}

size_t field_position(const Value& x, const std::string& field, SourceLoc loc, const char* action) {
  const auto* fields = declared_fields(x);
  if (!fields)
    runtime_error(loc, std::string("cannot ") + action + " field '" + field + "' of a value of type " +
                           type_name(x) + ": expected a struct");
  for (size_t i = 0; i < fields->size(); ++i)
    if ((*fields)[i].name == field) return i;
  runtime_error(loc, decl_name(x) + " has no field '" + field + "'");
}

}  // namespace

void undefined_error(SourceLoc loc) { runtime_error(loc, "variable used before it is assigned"); }

bool require_bool(const Value& c, SourceLoc loc, const char* what) {
  check_defined(c, loc);
  if (c.kind() != Kind::Bool)
    runtime_error(loc, std::string(what) + " expects a bool, found " + type_name(c));
  return c.as_bool();
}

Value get_attr(const Value& x, const std::string& field, SourceLoc loc) {
  check_defined(x, loc);
  if (auto attr = tensors::attribute(x, field, loc)) return *attr;  // x.shape, x.ndim, x.T
  size_t i = field_position(x, field, loc, "read");  // checks that x has fields
  return x.items()[i];
}

static Value set_element(const Value& t, const Value& index, const Value& v, SourceLoc loc) {
  const auto& items = t.items();
  int64_t size = static_cast<int64_t>(items.size());
  int64_t i = index.as_int();
  if (i < -size || i >= size)
    runtime_error(loc, "tuple index " + std::to_string(i) + " is out of range for a tuple of " + std::to_string(size) +
                           (size == 1 ? " element" : " elements"));
  std::vector<Value> copy = items;
  copy[static_cast<size_t>(i < 0 ? i + size : i)] = v;
  return Value::tuple(std::move(copy));
}

Value set_attr(const Value& x, const std::string& field, const Value& v, SourceLoc loc) {
  check_defined(x, loc);
  check_defined(v, loc);
  size_t i = field_position(x, field, loc, "update");
  std::vector<Value> fields = x.items();
  fields[i] = v;
  if (x.kind() == Kind::Struct) return Value::make_struct(x.as_struct().decl, std::move(fields));
  return Value::variant(x.as_variant().decl, std::move(fields));
}

Value build_struct(const ir::StructDecl& d, std::vector<Value> fields, SourceLoc loc) {
  if (fields.size() != d.fields.size())
    runtime_error(loc, d.name + " has " + std::to_string(d.fields.size()) + " fields, but " +
                           std::to_string(fields.size()) + " values were given");
  for (const Value& f : fields) check_defined(f, loc);
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].kind() != Kind::Tensor) continue;
    auto declared = declared_rank(d, i);
    int64_t have = fields[i].as_tensor().rank();
    if (declared && have != declared->rank) runtime_error(loc, rank_mismatch(declared->declaration, have));
  }
  return Value::make_struct(&d, std::move(fields));
}

std::optional<DeclaredRank> declared_rank(const ir::StructDecl& d, size_t field) {
  const ast::TypeExpr* type = d.fields[field].type;
  if (!type || type->name != "Tensor" || type->args.size() != 2) return std::nullopt;
  const std::string& rank = type->args[1]->name;
  if (rank.empty() || rank.size() > 2 || rank.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return DeclaredRank{std::stoll(rank), "field '" + d.fields[field].name + "' of " + d.name + " is declared Tensor[" +
                                            type->args[0]->name + ", " + rank + "]"};
}

std::string rank_mismatch(const std::string& declaration, int64_t have) {
  return declaration + ", found a tensor of rank " + std::to_string(have);
}

Value build_variant(const ir::VariantDecl& d, std::vector<Value> fields, SourceLoc loc) {
  if (fields.size() != d.fields.size())
    runtime_error(loc, d.name + " has " + std::to_string(d.fields.size()) + " fields, but " +
                           std::to_string(fields.size()) + " values were given");
  for (const Value& f : fields) check_defined(f, loc);
  return Value::variant(&d, std::move(fields));
}

Value variant_tag(const Value& x, SourceLoc loc) {
  check_defined(x, loc);
  if (x.kind() != Kind::Variant) runtime_error(loc, "match expects an enum value, found " + type_name(x));
  return Value::integer(x.as_variant().decl->index);
}

Value variant_field(const Value& x, const ir::VariantDecl& d, const Value& index, SourceLoc loc) {
  check_defined(x, loc);
  if (x.kind() != Kind::Variant || x.as_variant().decl != &d)
    runtime_error(loc, "expected the variant " + d.name + ", found " +
                           (x.kind() == Kind::Variant ? x.as_variant().decl->name : type_name(x)));
  if (index.kind() != Kind::Int || index.as_int() < 0 ||
      static_cast<uint64_t>(index.as_int()) >= x.items().size())
    runtime_error(loc, "variant " + d.name + " has no field number " + format_value(index));
  return x.items()[static_cast<size_t>(index.as_int())];
}

Value apply_primitive(Prim p, SourceLoc loc, Value* a, size_t n, std::ostream& out) {
  const ir::PrimInfo& info = ir::prim_info(p);
  if (info.arity >= 0 && n != static_cast<size_t>(info.arity))
    runtime_error(loc, std::string("builtin ") + info.name + " takes " + std::to_string(info.arity) +
                           (info.arity == 1 ? " argument" : " arguments") + ", found " +
                           std::to_string(n));
  // Tuples may carry not-yet-assigned loop variables (so may derivatives of loop states).
  const bool tuple_update = p == Prim::SetAttr && n == 3 && a[0].kind() == Kind::Tuple;
  if (p != Prim::MakeTuple)
    for (size_t i = 0; i < n; ++i)
      if (!(tuple_update && i == 2)) check_defined(a[i], loc);
  switch (info.family) {  // ops.def's family column
    case ir::PrimFamily::SCALAR:
    case ir::PrimFamily::STRUCTURE:
    case ir::PrimFamily::EFFECT: break;  // below
    case ir::PrimFamily::TENSOR_CONSTRUCT:
    case ir::PrimFamily::TENSOR_INDEX:
    case ir::PrimFamily::TENSOR_COMPUTE:
    case ir::PrimFamily::TENSOR_FILES:
    case ir::PrimFamily::TENSOR_ADJOINT: return apply_tensor_primitive(p, loc, a, n);
    case ir::PrimFamily::AD_INTERNAL:  // native derivative code's tensor leaves
      if (p == Prim::ZerosLike || p == Prim::AddTangent || p == Prim::GradSeed) return tangent_leaf_primitive(p, loc, a, n);
      [[fallthrough]];
    case ir::PrimFamily::CONTROL:      // the evaluator's job
    case ir::PrimFamily::AD_OPERATOR:  // the machine's (ad_runtime.cpp)
      internal_error("interpreter", std::string(info.name) + " reached apply_primitive");
  }
  // A scalar primitive with a tensor operand runs elementwise (docs/tensors.md).
  if (any_tensor(a, n))
    if (std::optional<Value> r = apply_elementwise(p, loc, a, n)) return std::move(*r);

  switch (p) {
    // ---- arithmetic
    case Prim::Add:
      if (a[0].kind() == Kind::Str && a[1].kind() == Kind::Str) return Value::str(a[0].as_str() + a[1].as_str());
      return numeric(p, loc, a, scalar::add, [](double x, double y) { return x + y; });
    case Prim::Sub: return numeric(p, loc, a, scalar::sub, [](double x, double y) { return x - y; });
    case Prim::Mul: return numeric(p, loc, a, scalar::mul, [](double x, double y) { return x * y; });
    case Prim::Div: return floating(p, loc, a, [](double x, double y) { return x / y; });
    case Prim::FloorDiv:
      return numeric(
          p, loc, a, [loc](int64_t x, int64_t y) { return scalar::floordiv(x, y, loc); },
          [](double x, double y) { return scalar::floordiv(x, y); });
    case Prim::Mod:
      return numeric(
          p, loc, a, [loc](int64_t x, int64_t y) { return scalar::mod(x, y, loc); },
          [](double x, double y) { return scalar::mod(x, y); });
    case Prim::Pow:
      return numeric(
          p, loc, a, [loc](int64_t x, int64_t y) { return scalar::pow(x, y, loc); },
          [](double x, double y) { return y == 2.0 ? x * x : y == 1.0 ? x : y == 0.0 ? 1.0 : std::pow(x, y); });  // as fx_pow_f64 (fx_gen.h)
    case Prim::Neg: return preserving(p, loc, a[0], scalar::neg, [](double x) { return -x; });
    case Prim::MatMul:
      runtime_error(loc, "matmul needs tensors, found " + type_name(a[0]) + " and " + type_name(a[1]));

    // ---- comparisons and logic
    case Prim::Lt: return compare(p, loc, a, [](auto x, auto y) { return x < y; });
    case Prim::Le: return compare(p, loc, a, [](auto x, auto y) { return x <= y; });
    case Prim::Gt: return compare(p, loc, a, [](auto x, auto y) { return x > y; });
    case Prim::Ge: return compare(p, loc, a, [](auto x, auto y) { return x >= y; });
    case Prim::Eq: return Value::boolean(values_equal(a[0], a[1]));
    case Prim::Ne: return Value::boolean(!values_equal(a[0], a[1]));
    case Prim::Not:
      if (a[0].kind() != Kind::Bool) operand_error(p, loc, a[0], "a bool");
      return Value::boolean(!a[0].as_bool());

    // ---- float math
    case Prim::Exp: return math(p, loc, a[0], [](double x) { return std::exp(x); });
    case Prim::Log: return math(p, loc, a[0], [](double x) { return std::log(x); });
    case Prim::Log1p: return math(p, loc, a[0], [](double x) { return std::log1p(x); });
    case Prim::Expm1: return math(p, loc, a[0], [](double x) { return std::expm1(x); });
    case Prim::Sin: return math(p, loc, a[0], [](double x) { return std::sin(x); });
    case Prim::Cos: return math(p, loc, a[0], [](double x) { return std::cos(x); });
    case Prim::Tan: return math(p, loc, a[0], [](double x) { return std::tan(x); });
    case Prim::Tanh: return math(p, loc, a[0], [](double x) { return std::tanh(x); });
    case Prim::Sqrt: return math(p, loc, a[0], [](double x) { return std::sqrt(x); });
    case Prim::Sigmoid: return math(p, loc, a[0], scalar::sigmoid);
    case Prim::Softplus: return math(p, loc, a[0], scalar::softplus);
    case Prim::Floor: return math(p, loc, a[0], [](double x) { return std::floor(x); });
    case Prim::Ceil: return math(p, loc, a[0], [](double x) { return std::ceil(x); });
    case Prim::Lgamma: return math(p, loc, a[0], [](double x) { return std::lgamma(x); });
    case Prim::Digamma: return math(p, loc, a[0], rt::special::digamma);
    case Prim::Trigamma: return math(p, loc, a[0], rt::special::trigamma);
    case Prim::Erf: return math(p, loc, a[0], [](double x) { return std::erf(x); });
    case Prim::Erfc: return math(p, loc, a[0], [](double x) { return std::erfc(x); });

    // ---- type-preserving
    case Prim::Abs: return preserving(p, loc, a[0], scalar::abs, [](double x) { return std::fabs(x); });
    case Prim::Sign:
      return preserving(
          p, loc, a[0], [](int64_t x) -> int64_t { return (x > 0) - (x < 0); }, scalar::sign);
    case Prim::Relu:
      return preserving(
          p, loc, a[0], [](int64_t x) -> int64_t { return x > 0 ? x : 0; },
          [](double x) { return std::isnan(x) ? x : x > 0 ? x : 0.0; });
    case Prim::Maximum:
      return numeric(
          p, loc, a, [](int64_t x, int64_t y) { return x >= y ? x : y; }, scalar::maximum);
    case Prim::Minimum:
      return numeric(
          p, loc, a, [](int64_t x, int64_t y) { return x <= y ? x : y; }, scalar::minimum);

    // ---- conversions
    case Prim::ToF64:
      if (a[0].kind() == Kind::Bool) return Value::real(a[0].as_bool() ? 1.0 : 0.0);
      return math(p, loc, a[0], [](double x) { return x; });
    case Prim::ToI64:
      if (a[0].kind() == Kind::Int) return a[0];
      if (a[0].kind() == Kind::Bool) return Value::integer(a[0].as_bool() ? 1 : 0);
      if (a[0].kind() == Kind::Float)
        return Value::integer(scalar::truncate_to_i64(a[0].as_float(), loc));
      operand_error(p, loc, a[0], "a number");
    case Prim::ToStr: return Value::str(format_value(a[0]));

    // ---- tuples, structs, enums
    case Prim::MakeTuple: return Value::tuple(std::vector<Value>(a, a + n));
    case Prim::TupleGet: return tuple_get(loc, a[0], a[1]);
    case Prim::GetAttr: return get_attr(a[0], require_str(p, loc, a[1]), loc);
    case Prim::SetAttr:
      // set_attr(t, i, v) on a tuple: the reverse transform's "element i of t replaced"
      // (docs/ad.md); programs only set struct fields by name.
      if (a[0].kind() == Kind::Tuple && a[1].kind() == Kind::Int) return set_element(a[0], a[1], a[2], loc);
      return set_attr(a[0], require_str(p, loc, a[1]), a[2], loc);
    case Prim::VariantTag: return variant_tag(a[0], loc);
    case Prim::MakeStruct:
    case Prim::MakeVariant:
    case Prim::VariantField:
      runtime_error(loc, std::string("builtin ") + info.name + " cannot be called as a function value");

    // ---- effects
    case Prim::Print: return print(out, a, n);
    case Prim::Clock: return Value::real(steady_seconds());
    case Prim::Assert: return check_assertion(loc, a[0], a[1]);
    case Prim::Fail:
      runtime_error(loc, a[0].kind() == Kind::Str ? a[0].as_str() : format_value(a[0]));
    default:
      break;
  }
  internal_error("interpreter", std::string(info.name) + " has no evaluation in apply_primitive");
}

}  // namespace fx::interp
