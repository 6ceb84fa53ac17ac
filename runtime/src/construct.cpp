#include "fluxion/runtime/construct.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "fluxion/runtime/convert.hpp"
#include "strided_loop.hpp"
#include "support/number_format.hpp"

namespace fx::rt {

Tensor zeros(const Shape& shape, DType dtype) { return Tensor::zeroed(dtype, shape); }

Tensor ones(const Shape& shape, DType dtype) { return full(shape, Scalar(int64_t{1}), dtype); }

Tensor full(const Shape& shape, Scalar value) { return full(shape, value, value.dtype()); }

Tensor full(const Shape& shape, Scalar value, DType dtype) {
  Tensor out = Tensor::empty(dtype, shape);
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T v;
    value.store(dtype, &v);
    T* p = static_cast<T*>(out.raw_data());
    for (int64_t i = 0, n = out.numel(); i < n; ++i) p[i] = v;
  });
  return out;
}

Tensor arange(int64_t stop) { return arange(0, stop, 1); }

Tensor arange(int64_t start, int64_t stop, int64_t step) {
  if (step == 0) tensor_error("arange: step cannot be zero");
  // 128-bit arithmetic: stop - start can overflow i64 for extreme bounds.
  __int128 span = static_cast<__int128>(stop) - start;
  __int128 count = step > 0 ? (span + step - 1) / step : (span + step + 1) / step;
  if (count < 0) count = 0;
  if (count > INT64_MAX) tensor_error("cannot allocate an arange of 2^63 or more elements");
  Tensor out = Tensor::empty(DType::I64, Shape{static_cast<int64_t>(count)});
  int64_t* p = out.data<int64_t>();
  for (int64_t i = 0; i < static_cast<int64_t>(count); ++i)
    p[i] = static_cast<int64_t>(start + static_cast<__int128>(i) * step);
  return out;
}

Tensor arange_f64(double start, double stop, double step) {
  if (step == 0.0) tensor_error("arange: step cannot be zero");
  double count = std::ceil((stop - start) / step);
  if (std::isnan(count)) tensor_error("arange: bounds and step must be finite");
  if (count < 0) count = 0;
  if (count > 9.0e18) tensor_error("cannot allocate an arange of " + fx::format_float(count) +
                                   " elements");
  int64_t n = static_cast<int64_t>(count);
  Tensor out = Tensor::empty(DType::F64, Shape{n});
  double* p = out.data<double>();
  for (int64_t i = 0; i < n; ++i) p[i] = start + static_cast<double>(i) * step;
  return out;
}

Tensor linspace(double start, double stop, int64_t num, bool endpoint) {
  if (num < 0) tensor_error("linspace: number of samples must be non-negative, got " +
                            std::to_string(num));
  Tensor out = Tensor::empty(DType::F64, Shape{num});
  double* p = out.data<double>();
  int64_t div = endpoint ? num - 1 : num;
  double step = div > 0 ? (stop - start) / static_cast<double>(div) : 0.0;
  for (int64_t i = 0; i < num; ++i) p[i] = start + static_cast<double>(i) * step;
  if (endpoint && num > 1) p[num - 1] = stop;
  return out;
}

Tensor eye(int64_t n, DType dtype) { return eye(n, n, dtype); }

Tensor eye(int64_t n, int64_t m, DType dtype) {
  Tensor out = Tensor::zeroed(dtype, Shape{n, m});
  char* p = static_cast<char*>(out.raw_data());
  for (int64_t i = 0; i < std::min(n, m); ++i)
    Scalar(int64_t{1}).store(dtype, p + (i * m + i) * itemsize(dtype));
  return out;
}

template <class T> Tensor from_data(const Shape& shape, std::span<const T> values) {
  Tensor out = Tensor::empty(dtype_of<T>, shape);
  if (static_cast<int64_t>(values.size()) != out.numel())
    tensor_error("from_data: shape " + to_string(shape) + " needs " + std::to_string(out.numel()) +
                 " values, got " + std::to_string(values.size()));
  if (!values.empty()) std::memcpy(out.raw_data(), values.data(), values.size() * sizeof(T));
  return out;
}

template Tensor from_data<double>(const Shape&, std::span<const double>);
template Tensor from_data<float>(const Shape&, std::span<const float>);
template Tensor from_data<int64_t>(const Shape&, std::span<const int64_t>);
template Tensor from_data<bool>(const Shape&, std::span<const bool>);

namespace {
// The dtype of a literal mixing `a` and `b`: numbers promote, bool only goes with bool.
DType literal_dtype(DType a, DType b, bool first) {
  if (first || a == b) return b;
  if (a == DType::Bool || b == DType::Bool)
    tensor_error("nested data mixes bool and numeric elements");
  return promote(a, b);
}
}  // namespace

Tensor from_scalars(std::span<const Scalar> values) {
  DType dtype = DType::F64;
  for (size_t i = 0; i < values.size(); ++i)
    dtype = literal_dtype(dtype, values[i].dtype(), i == 0);
  Tensor out = Tensor::empty(dtype, Shape{static_cast<int64_t>(values.size())});
  char* p = static_cast<char*>(out.raw_data());
  for (size_t i = 0; i < values.size(); ++i)
    values[i].store(dtype, p + static_cast<int64_t>(i) * itemsize(dtype));
  return out;
}

Tensor from_elements(std::span<const Tensor> elements) {
  if (elements.empty()) return Tensor::empty(DType::F64, Shape{0});
  Shape inner = elements[0].shape();
  DType dtype = elements[0].dtype();
  for (size_t i = 1; i < elements.size(); ++i) {
    if (!(elements[i].shape() == inner))
      tensor_error("ragged nested data: element " + std::to_string(i) + " has shape " +
                   to_string(elements[i].shape()) + ", expected " + to_string(inner));
    dtype = literal_dtype(dtype, elements[i].dtype(), false);
  }
  Shape shape = inner;
  shape.insert(0, static_cast<int64_t>(elements.size()));
  Tensor out = Tensor::empty(dtype, shape);
  int64_t chunk = inner.numel() * itemsize(dtype);
  char* dst = static_cast<char*>(out.raw_data());
  for (size_t i = 0; i < elements.size(); ++i) {
    Tensor e = contiguous(astype(elements[i], dtype));
    if (chunk > 0) std::memcpy(dst + static_cast<int64_t>(i) * chunk, e.raw_data(), chunk);
  }
  return out;
}

namespace {
// Checks the nesting is rectangular (returning its shape) and finds the common dtype.
Shape nested_shape(const NestedData& d, DType& dtype, bool& first, int depth) {
  if (d.is_leaf()) {
    dtype = literal_dtype(dtype, d.leaf().dtype(), first);
    first = false;
    return Shape{};
  }
  if (depth >= Shape::kMaxRank)
    tensor_error("nested data is deeper than the maximum rank " + std::to_string(Shape::kMaxRank));
  Shape inner;
  for (size_t i = 0; i < d.items().size(); ++i) {
    Shape s = nested_shape(d.items()[i], dtype, first, depth + 1);
    if (i == 0) inner = s;
    else if (!(s == inner))
      tensor_error("ragged nested data: element " + std::to_string(i) + " has shape " +
                   to_string(s) + ", expected " + to_string(inner));
  }
  inner.insert(0, static_cast<int64_t>(d.items().size()));
  return inner;
}

void fill_nested(const NestedData& d, DType dtype, char*& dst) {
  if (d.is_leaf()) {
    d.leaf().store(dtype, dst);
    dst += itemsize(dtype);
    return;
  }
  for (const NestedData& item : d.items()) fill_nested(item, dtype, dst);
}
}  // namespace

Tensor from_nested(const NestedData& data) {
  DType dtype = DType::F64;
  bool first = true;
  Shape shape = nested_shape(data, dtype, first, 0);
  Tensor out = Tensor::empty(dtype, shape);
  char* dst = static_cast<char*>(out.raw_data());
  fill_nested(data, dtype, dst);
  return out;
}

template <class T> std::vector<T> to_vector(const Tensor& x) {
  Tensor c = contiguous(astype(x, dtype_of<T>));
  const T* p = static_cast<const T*>(c.raw_data());
  return std::vector<T>(p, p + c.numel());
}

template std::vector<double> to_vector<double>(const Tensor&);
template std::vector<float> to_vector<float>(const Tensor&);
template std::vector<int64_t> to_vector<int64_t>(const Tensor&);
template std::vector<bool> to_vector<bool>(const Tensor&);

}  // namespace fx::rt
