// Making tensors: zeros ... eye, literals, comprehension accumulators, astype, random numbers
// and len (tensor_values.hpp).
#include <cstring>
#include <vector>

#include "interp/tensor_values.hpp"

namespace fx::interp::tensors {

using ir::Prim;

namespace {

std::string what(Prim p) { return std::string("'") + ir::prim_name(p) + "'"; }

rt::DType scalar_dtype(const Value& v) {
  return v.kind() == Kind::Float ? rt::DType::F64 : v.kind() == Kind::Int ? rt::DType::I64 : rt::DType::Bool;
}

// [a, b, ...]: scalars give a vector, equal-shape tensors are stacked.
Value make_tensor(SourceLoc loc, const Value* args, size_t n) {
  bool all_scalars = true;
  for (size_t i = 0; i < n; ++i) {
    if (args[i].kind() == Kind::Tensor) all_scalars = false;
    else if (!is_scalar(args[i]))
      runtime_error(loc, "a tensor literal holds numbers, bools or tensors, found " + type_name(args[i]) +
                             " as element " + std::to_string(i));
  }
  if (all_scalars) {
    std::vector<rt::Scalar> values;
    values.reserve(n);
    for (size_t i = 0; i < n; ++i) values.push_back(to_scalar(args[i], loc, "a tensor literal"));
    return guarded(loc, [&] { return Value::tensor(rt::from_scalars(values)); });
  }
  std::vector<rt::Tensor> elements;
  elements.reserve(n);
  for (size_t i = 0; i < n; ++i) elements.push_back(to_tensor(args[i], loc, "a tensor literal"));
  return guarded(loc, [&] { return Value::tensor(rt::from_elements(elements)); });
}

// ---- comprehension accumulators
// The rows so far are a view of the first k rows of a larger owner (capacity doubles), so
// that appending to an accumulator nobody else holds copies one row, not all of them.

// Can `x` (the view that acc holds alone) take one more row of `row` in place?
bool has_room(const rt::Tensor& acc, const rt::Tensor& row, rt::DType dtype) {
  const fx_tensor* h = acc.header();
  const fx_tensor* base = h->base;
  if (h->refcount != 1 || base == nullptr || base->refcount != 1 || base->data != h->data) return false;
  if (acc.dtype() != dtype || base->rank != h->rank || h->rank != row.rank() + 1) return false;
  if (base->shape[0] <= h->shape[0]) return false;
  for (int i = 0; i < h->rank; ++i)
    if (base->strides[i] != h->strides[i] || (i > 0 && h->shape[i] != base->shape[i])) return false;
  return true;
}

// Writes `row` (converted to the rows' dtype) as row k of `rows` (contiguous storage).
void write_row(const rt::Tensor& rows, int64_t k, const rt::Tensor& row) {
  rt::Tensor r = rt::contiguous(rt::astype(row, rows.dtype()));
  const int64_t bytes = r.numel() * rt::itemsize(rows.dtype());
  if (bytes > 0) std::memcpy(static_cast<char*>(rows.raw_data()) + k * bytes, r.raw_data(), static_cast<size_t>(bytes));
}

rt::Tensor first_rows(const rt::Tensor& owner, int64_t k) {
  rt::Shape s = owner.shape();
  s[0] = k;
  std::vector<int64_t> strides(owner.strides().begin(), owner.strides().end());
  return owner.view(s, strides, 0);
}

Value rows_append(SourceLoc loc, Value* args) {
  rt::Tensor acc = take_as_tensor(std::move(args[0]), loc, "a comprehension");
  rt::Tensor row = to_tensor(args[1], loc, "a comprehension");
  return guarded(loc, [&]() -> Value {
    const bool fresh = acc.rank() == 1 && acc.dim(0) == 0;  // rows_empty(): no row yet
    if (!fresh) {
      rt::Shape row_shape = acc.shape();
      row_shape.erase(0);
      if (!(row_shape == row.shape()))
        rt::tensor_error("ragged nested data: a comprehension made elements of shape " + rt::to_string(row_shape) +
                         " and then one of shape " + rt::to_string(row.shape()));
    }
    const rt::DType dtype = fresh ? row.dtype() : rt::promote(acc.dtype(), row.dtype());
    const int64_t k = fresh ? 0 : acc.dim(0);
    if (!fresh && has_room(acc, row, dtype)) {
      write_row(acc, k, row);
      return Value::tensor(first_rows(acc, k + 1));
    }
    rt::Shape shape = row.shape();
    shape.insert(0, k < 2 ? 4 : 2 * k);
    rt::Tensor owner = rt::Tensor::zeroed(dtype, shape);
    if (k > 0) {
      rt::Tensor old = rt::contiguous(rt::astype(acc, dtype));
      std::memcpy(owner.raw_data(), old.raw_data(), static_cast<size_t>(old.numel() * rt::itemsize(dtype)));
    }
    write_row(owner, k, row);
    return Value::tensor(first_rows(owner, k + 1));
  });
}

Value arange(SourceLoc loc, const Value* args, size_t n) {
  if (n < 1 || n > 3) runtime_error(loc, "arange takes 1 to 3 arguments, found " + std::to_string(n));
  bool floats = false;
  for (size_t i = 0; i < n; ++i) {
    if (args[i].kind() == Kind::Float) floats = true;
    else if (args[i].kind() != Kind::Int) runtime_error(loc, "arange expects numbers, found " + type_name(args[i]));
  }
  return guarded(loc, [&] {
    if (floats) {
      double start = n == 1 ? 0.0 : args[0].to_double(), stop = args[n == 1 ? 0 : 1].to_double();
      return Value::tensor(rt::arange_f64(start, stop, n == 3 ? args[2].to_double() : 1.0));
    }
    if (n == 1) return Value::tensor(rt::arange(args[0].as_int()));
    return Value::tensor(rt::arange(args[0].as_int(), args[1].as_int(), n == 3 ? args[2].as_int() : 1));
  });
}

}  // namespace

Value construct(Prim p, SourceLoc loc, Value* a, size_t n) {
  const std::string w = what(p);
  if (p == Prim::Zeros || p == Prim::Ones) {
    rt::Shape s = shape_arg(a[0], loc, w);
    return guarded(loc, [&] { return Value::tensor(p == Prim::Zeros ? rt::zeros(s) : rt::ones(s)); });
  }
  if (p == Prim::Full) {
    rt::Shape s = shape_arg(a[0], loc, w);
    rt::Scalar v = to_scalar(a[1], loc, w);
    return guarded(loc, [&] { return Value::tensor(rt::full(s, v)); });
  }
  if (p == Prim::Arange) return arange(loc, a, n);
  if (p == Prim::Eye) {
    if (n < 1 || n > 2) runtime_error(loc, "eye takes 1 or 2 arguments, found " + std::to_string(n));
    int64_t rows = int_arg(a[0], loc, w), cols = n == 2 ? int_arg(a[1], loc, w) : rows;
    return guarded(loc, [&] { return Value::tensor(rt::eye(rows, cols, rt::DType::F64)); });
  }
  if (p == Prim::MakeTensor) return make_tensor(loc, a, n);
  if (p == Prim::RowsEmpty) return Value::tensor(rt::zeros(rt::Shape{0}));
  if (p == Prim::RowsAppend) return rows_append(loc, a);
  if (p == Prim::AsType) {
    rt::DType d = dtype_arg(a[1], loc, w);
    if (is_scalar(a[0]) && scalar_dtype(a[0]) == d) return a[0];
    rt::Tensor x = to_tensor(a[0], loc, w);
    return guarded(loc, [&] { return box(rt::astype(x, d)); });
  }
  if (p == Prim::Key) {
    int64_t seed = int_arg(a[0], loc, w);
    return Value::tensor(rt::key_to_tensor(rt::key(seed)));
  }
  if (p == Prim::Split) {
    auto [k1, k2] = rt::split(key_arg(a[0], loc, w));
    return Value::tuple({Value::tensor(rt::key_to_tensor(k1)), Value::tensor(rt::key_to_tensor(k2))});
  }
  if (p == Prim::Normal || p == Prim::Uniform) {
    rt::Key k = key_arg(a[0], loc, w);
    rt::Shape s = shape_arg(a[1], loc, w);
    return guarded(loc, [&] { return Value::tensor(p == Prim::Normal ? rt::normal(k, s) : rt::uniform(k, s)); });
  }
  if (p == Prim::Len) {
    if (a[0].kind() == Kind::Tuple) return Value::integer(static_cast<int64_t>(a[0].items().size()));
    rt::Shape s = shape_of_value(a[0], loc, w);
    if (s.rank() == 0) runtime_error(loc, "len() of a scalar: expected a tensor of rank >= 1, found " + type_name(a[0]));
    return Value::integer(s[0]);
  }
  internal_error("interpreter", std::string(ir::prim_name(p)) + " is not a tensor construction");
}

}  // namespace fx::interp::tensors
