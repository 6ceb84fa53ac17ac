// Conversions between run-time values and fx::rt tensors (tensor_values.hpp).
#include "interp/tensor_values.hpp"

namespace fx::interp::tensors {

namespace {

[[noreturn, gnu::cold]] void expected(SourceLoc loc, const std::string& what, const char* kind, const Value& v) {
  runtime_error(loc, what + " expects " + kind + ", found " + type_name(v));
}

// bool < integer < float: the order in which a weak scalar yields to a tensor's dtype.
int kind_rank(rt::DType d) {
  switch (d) {
    case rt::DType::Bool: return 0;
    case rt::DType::I64: return 1;
    case rt::DType::F64:
    case rt::DType::F32: return 2;
  }
  return 2;
}

}  // namespace

Value box(rt::Tensor t) {
  if (t.rank() == 0) {
    switch (t.dtype()) {
      case rt::DType::F64: return Value::real(t.item().to_f64());
      case rt::DType::I64: return Value::integer(t.item().to_i64());
      case rt::DType::Bool: return Value::boolean(t.item().to_bool());
      case rt::DType::F32: break;  // f32 scalars are rank-0 tensors
    }
  }
  return Value::tensor(std::move(t));
}

bool is_scalar(const Value& v) {
  return v.kind() == Kind::Float || v.kind() == Kind::Int || v.kind() == Kind::Bool;
}

rt::Tensor to_tensor(const Value& v, SourceLoc loc, const std::string& what) {
  switch (v.kind()) {
    case Kind::Tensor: return v.as_tensor();
    case Kind::Float: return rt::scalar_tensor(rt::Scalar(v.as_float()));
    case Kind::Int: return rt::scalar_tensor(rt::Scalar(v.as_int()));
    case Kind::Bool: return rt::scalar_tensor(rt::Scalar(v.as_bool()));
    case Kind::Undef:
    case Kind::None:
    case Kind::Prim:
    case Kind::Str:
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant:
    case Kind::Closure:
    case Kind::Explicit:
    case Kind::Derived:
    case Kind::List: break;
  }
  expected(loc, what, "a tensor", v);
}

rt::Tensor take_as_tensor(Value&& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::Tensor) return take_tensor(std::move(v));
  return to_tensor(v, loc, what);
}

rt::Tensor weak_scalar(const Value& s, rt::DType other) {
  rt::Scalar value = s.kind() == Kind::Float ? rt::Scalar(s.as_float())
                     : s.kind() == Kind::Int ? rt::Scalar(s.as_int())
                                             : rt::Scalar(s.as_bool());
  if (kind_rank(value.dtype()) <= kind_rank(other)) value = value.cast(other);
  return rt::scalar_tensor(value);
}

std::pair<rt::Tensor, rt::Tensor> operand_pair(const Value& a, const Value& b, SourceLoc loc, const std::string& what) {
  const bool ta = a.kind() == Kind::Tensor, tb = b.kind() == Kind::Tensor;
  if (ta && !tb && is_scalar(b)) return {a.as_tensor(), weak_scalar(b, a.as_tensor().dtype())};
  if (tb && !ta && is_scalar(a)) return {weak_scalar(a, b.as_tensor().dtype()), b.as_tensor()};
  return {to_tensor(a, loc, what), to_tensor(b, loc, what)};
}

rt::Scalar to_scalar(const Value& v, SourceLoc loc, const std::string& what) {
  switch (v.kind()) {
    case Kind::Float: return rt::Scalar(v.as_float());
    case Kind::Int: return rt::Scalar(v.as_int());
    case Kind::Bool: return rt::Scalar(v.as_bool());
    case Kind::Tensor: return guarded(loc, [&] { return v.as_tensor().item(); });
    case Kind::Undef:
    case Kind::None:
    case Kind::Prim:
    case Kind::Str:
    case Kind::Tuple:
    case Kind::Struct:
    case Kind::Variant:
    case Kind::Closure:
    case Kind::Explicit:
    case Kind::Derived:
    case Kind::List: break;
  }
  expected(loc, what, "a number", v);
}

int64_t int_arg(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::Int) return v.as_int();
  if (v.kind() == Kind::Tensor && v.as_tensor().dtype() == rt::DType::I64 && v.as_tensor().rank() == 0)
    return v.as_tensor().item().to_i64();
  expected(loc, what, "an i64", v);
}

double float_arg(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::Float || v.kind() == Kind::Int) return v.to_double();
  if (v.kind() == Kind::Tensor && v.as_tensor().rank() == 0 && v.as_tensor().dtype() != rt::DType::Bool)
    return v.as_tensor().item().to_f64();
  expected(loc, what, "a number", v);
}

rt::Shape shape_arg(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::Int) return guarded(loc, [&] { return rt::Shape{v.as_int()}; });
  if (v.kind() == Kind::Tuple) {
    const auto& items = v.items();
    if (items.size() > static_cast<size_t>(rt::Shape::kMaxRank))
      runtime_error(loc, what + ": a shape has at most " + std::to_string(rt::Shape::kMaxRank) + " extents, found " +
                             std::to_string(items.size()));
    rt::Shape s;
    for (const Value& x : items) {
      if (x.kind() != Kind::Int) expected(loc, what, "a shape (an i64 or a tuple of i64)", v);
      s.push_back(x.as_int());
    }
    return s;
  }
  expected(loc, what, "a shape (an i64 or a tuple of i64)", v);
}

rt::Axis axis_arg(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::None) return std::nullopt;
  if (v.kind() == Kind::Int) return v.as_int();
  expected(loc, what, "an axis (None or an i64)", v);
}

bool bool_arg(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::Bool) return v.as_bool();
  expected(loc, what, "a bool", v);
}

const std::string& str_arg(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::Str) return v.as_str();
  expected(loc, what, "a string", v);
}

rt::DType dtype_arg(const Value& v, SourceLoc loc, const std::string& what) {
  const std::string& name = str_arg(v, loc, what);
  for (rt::DType d : {rt::DType::F64, rt::DType::F32, rt::DType::I64, rt::DType::Bool})
    if (name == rt::dtype_name(d)) return d;
  runtime_error(loc, what + " expects a dtype (f64, f32, i64 or bool), found '" + name + "'");
}

rt::Shape shape_of_value(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() == Kind::Tensor) return v.as_tensor().shape();
  if (is_scalar(v)) return rt::Shape{};
  expected(loc, what, "a tensor", v);
}

rt::Key key_arg(const Value& v, SourceLoc loc, const std::string& what) {
  if (v.kind() != Kind::Tensor) expected(loc, what, "a key (a Tensor[i64] of shape (2,) made by key or split)", v);
  return guarded(loc, [&] { return rt::key_from_tensor(v.as_tensor()); });
}

}  // namespace fx::interp::tensors
