// The elementwise driver: dtype rules per category, broadcasting, and one kernel table generated
// from elementwise_ops.def over the math in elementwise_math.hpp.
#include "fluxion/runtime/elementwise.hpp"

#include <utility>

#include "elementwise_math.hpp"
#include "fluxion/runtime/broadcast.hpp"
#include "fluxion/runtime/convert.hpp"
#include "strided_loop.hpp"

namespace fx::rt {

namespace {

using detail::at;

// ---- kernels: one strided 1-D loop per (op, element type) ----

using UnaryLoop = void (*)(char* out, int64_t so, char* x, int64_t sx, int64_t n);
using BinaryLoop = void (*)(char* out, int64_t so, char* a, int64_t sa, char* b, int64_t sb,
                            int64_t n);

template <class Op, class T> void unary_run(char* out, int64_t so, char* x, int64_t sx, int64_t n) {
  using R = decltype(Op::apply(std::declval<T>()));
  if (so == sizeof(R) && sx == sizeof(T)) {  // contiguous: let the compiler vectorise
    R* o = reinterpret_cast<R*>(out);
    const T* a = reinterpret_cast<const T*>(x);
    for (int64_t i = 0; i < n; ++i) o[i] = Op::apply(a[i]);
    return;
  }
  for (int64_t i = 0; i < n; ++i) at<R>(out, so, i) = Op::apply(at<T>(x, sx, i));
}

template <class Op, class T>
void binary_run(char* out, int64_t so, char* a, int64_t sa, char* b, int64_t sb, int64_t n) {
  using R = decltype(Op::apply(std::declval<T>(), std::declval<T>()));
  constexpr int64_t t = sizeof(T);
  if (so == sizeof(R)) {
    R* o = reinterpret_cast<R*>(out);
    const T* x = reinterpret_cast<const T*>(a);
    const T* y = reinterpret_cast<const T*>(b);
    if (sa == t && sb == t) {
      for (int64_t i = 0; i < n; ++i) o[i] = Op::apply(x[i], y[i]);
      return;
    }
    if (sa == t && sb == 0) {  // tensor op scalar
      const T yv = *y;
      for (int64_t i = 0; i < n; ++i) o[i] = Op::apply(x[i], yv);
      return;
    }
    if (sa == 0 && sb == t) {
      const T xv = *x;
      for (int64_t i = 0; i < n; ++i) o[i] = Op::apply(xv, y[i]);
      return;
    }
  }
  for (int64_t i = 0; i < n; ++i) at<R>(out, so, i) = Op::apply(at<T>(a, sa, i), at<T>(b, sb, i));
}

template <class Op> UnaryLoop unary_loop_of(DType t) {
  return visit_dtype(t, [](auto tag) -> UnaryLoop {
    using T = typename decltype(tag)::type;
    if constexpr (requires { Op::apply(std::declval<T>()); }) return &unary_run<Op, T>;
    else return nullptr;
  });
}

template <class Op> BinaryLoop binary_loop_of(DType t) {
  return visit_dtype(t, [](auto tag) -> BinaryLoop {
    using T = typename decltype(tag)::type;
    if constexpr (requires { Op::apply(std::declval<T>(), std::declval<T>()); })
      return &binary_run<Op, T>;
    else return nullptr;
  });
}

UnaryLoop unary_loop(UnaryOp op, DType t) {
  switch (op) {
#define FX_UNARY_OP(Name, name, Category) \
  case UnaryOp::Name: return unary_loop_of<math::Name>(t);
#include "fluxion/runtime/elementwise_ops.def"
  }
  return nullptr;
}

BinaryLoop binary_loop(BinaryOp op, DType t) {
  switch (op) {
#define FX_BINARY_OP(Name, name, Category) \
  case BinaryOp::Name: return binary_loop_of<math::Name>(t);
#include "fluxion/runtime/elementwise_ops.def"
  }
  return nullptr;
}

// ---- integer operand checks (division by zero, negative powers) before any output exists ----

template <class Op>
void check_int_operands(const Tensor& a, const Tensor& b, const Shape& shape) {
  if constexpr (requires { Op::int_operands_refused(int64_t{}, int64_t{}); }) {
    std::optional<std::pair<int64_t, int64_t>> refused;
    detail::for_each_run<2>(shape,
                            {detail::broadcast_operand(a, shape), detail::broadcast_operand(b, shape)},
                            [&](auto p, auto s, int64_t n) {
                              for (int64_t i = 0; i < n && !refused; ++i) {
                                int64_t x = at<int64_t>(p[0], s[0], i), y = at<int64_t>(p[1], s[1], i);
                                if (Op::int_operands_refused(x, y)) refused.emplace(x, y);
                              }
                            });
    if (refused) tensor_error(Op::int_operand_error(refused->first, refused->second));
  }
}

void check_int_operands(BinaryOp op, const Tensor& a, const Tensor& b, const Shape& shape) {
  switch (op) {
#define FX_BINARY_OP(Name, name, Category) \
  case BinaryOp::Name: return check_int_operands<math::Name>(a, b, shape);
#include "fluxion/runtime/elementwise_ops.def"
  }
}

template <class Op> std::optional<std::string> int_operand_error_of(int64_t a, int64_t b) {
  if constexpr (requires { Op::int_operands_refused(int64_t{}, int64_t{}); })
    if (Op::int_operands_refused(a, b)) return Op::int_operand_error(a, b);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> int_operand_error(BinaryOp op, int64_t a, int64_t b) {
  switch (op) {
#define FX_BINARY_OP(Name, name, Category) \
  case BinaryOp::Name: return int_operand_error_of<math::Name>(a, b);
#include "fluxion/runtime/elementwise_ops.def"
  }
  return std::nullopt;
}

namespace {

// ---- dtype rules ----

DType compute_dtype(UnaryOp op, DType x) {
  switch (unary_category(op)) {
    case UnaryCategory::FloatMath:
    case UnaryCategory::Numeric:
      if (x == DType::Bool)
        tensor_error(std::string(op_name(op)) + ": expected a numeric tensor, got bool");
      if (unary_category(op) == UnaryCategory::FloatMath && x == DType::I64) return DType::F64;
      return x;
    case UnaryCategory::Logical: return DType::Bool;
  }
  return x;
}

DType compute_dtype(BinaryOp op, DType a, DType b) {
  switch (binary_category(op)) {
    case BinaryCategory::Arith:
    case BinaryCategory::TrueDiv:
    case BinaryCategory::FloorMod: {
      if (a == DType::Bool || b == DType::Bool)
        tensor_error(std::string(op_name(op)) + ": arithmetic on bool is not supported (got " +
                     dtype_name(a) + " and " + dtype_name(b) + ")");
      DType p = promote(a, b);
      if (binary_category(op) == BinaryCategory::TrueDiv && p == DType::I64) return DType::F64;
      return p;
    }
    case BinaryCategory::Compare: return promote(a, b);
    case BinaryCategory::Logical: return DType::Bool;
  }
  return a;
}

[[noreturn]] void missing_kernel(const char* name, DType t) {
  tensor_error(std::string("internal error: no ") + name + " kernel for " + dtype_name(t));
}

}  // namespace

// ---- op table ----

UnaryCategory unary_category(UnaryOp op) {
  switch (op) {
#define FX_UNARY_OP(Name, name, Category) \
  case UnaryOp::Name: return UnaryCategory::Category;
#include "fluxion/runtime/elementwise_ops.def"
  }
  return UnaryCategory::Numeric;
}

BinaryCategory binary_category(BinaryOp op) {
  switch (op) {
#define FX_BINARY_OP(Name, name, Category) \
  case BinaryOp::Name: return BinaryCategory::Category;
#include "fluxion/runtime/elementwise_ops.def"
  }
  return BinaryCategory::Arith;
}

const char* op_name(UnaryOp op) {
  switch (op) {
#define FX_UNARY_OP(Name, name, Category) \
  case UnaryOp::Name: return #name;
#include "fluxion/runtime/elementwise_ops.def"
  }
  return "?";
}

const char* op_name(BinaryOp op) {
  switch (op) {
#define FX_BINARY_OP(Name, name, Category) \
  case BinaryOp::Name: return #name;
#include "fluxion/runtime/elementwise_ops.def"
  }
  return "?";
}

std::optional<UnaryOp> unary_op_named(std::string_view name) {
#define FX_UNARY_OP(Name, name_, Category) \
  if (name == #name_) return UnaryOp::Name;
#include "fluxion/runtime/elementwise_ops.def"
  return std::nullopt;
}

std::optional<BinaryOp> binary_op_named(std::string_view name) {
#define FX_BINARY_OP(Name, name_, Category) \
  if (name == #name_) return BinaryOp::Name;
#include "fluxion/runtime/elementwise_ops.def"
  return std::nullopt;
}

DType result_dtype(UnaryOp op, DType x) {
  DType compute = compute_dtype(op, x);
  return unary_category(op) == UnaryCategory::Logical ? DType::Bool : compute;
}

DType result_dtype(BinaryOp op, DType a, DType b) {
  DType compute = compute_dtype(op, a, b);
  switch (binary_category(op)) {
    case BinaryCategory::Compare:
    case BinaryCategory::Logical: return DType::Bool;
    case BinaryCategory::Arith:
    case BinaryCategory::TrueDiv:
    case BinaryCategory::FloorMod: return compute;
  }
  return compute;
}

// ---- drivers ----

namespace {

// Are a and b contiguous, of one shape and of the dtype the kernel computes in? Then the kernel
// is one run over the elements, with no conversions and no broadcasting to set up: what a
// small tensor's operation costs is mostly that setup (ADBench's LSTM, vectors of 14).
bool one_run(const fx_tensor* a, const fx_tensor* b, DType compute) {
  if (a->dtype != static_cast<int32_t>(compute) || b->dtype != a->dtype || a->rank != b->rank) return false;
  int64_t stride = 1;
  for (int i = a->rank - 1; i >= 0; --i) {
    if (a->shape[i] != b->shape[i]) return false;
    if (a->shape[i] != 1 && (a->strides[i] != stride || b->strides[i] != stride)) return false;
    stride *= a->shape[i];
  }
  return true;
}

}  // namespace

Tensor apply(UnaryOp op, const Tensor& x) {
  DType compute = compute_dtype(op, x.dtype());
  UnaryLoop loop = unary_loop(op, compute);
  if (loop == nullptr) missing_kernel(op_name(op), compute);
  const fx_tensor* h = x.header();
  if (one_run(h, h, compute)) {
    Tensor out = Tensor::empty(result_dtype(op, x.dtype()), x.shape());
    loop(static_cast<char*>(out.raw_data()), itemsize(out.dtype()), static_cast<char*>(h->data), itemsize(compute),
         h->size);
    return out;
  }
  Tensor in = astype(x, compute);
  Tensor out = Tensor::empty(result_dtype(op, x.dtype()), x.shape());
  detail::for_each_run<2>(x.shape(), {detail::operand(out), detail::operand(in)},
                          [loop](auto p, auto s, int64_t n) { loop(p[0], s[0], p[1], s[1], n); });
  return out;
}

Tensor apply(BinaryOp op, const Tensor& a, const Tensor& b) {
  DType compute = compute_dtype(op, a.dtype(), b.dtype());
  BinaryLoop loop = binary_loop(op, compute);
  if (loop == nullptr) missing_kernel(op_name(op), compute);
  if (compute != DType::I64 && one_run(a.header(), b.header(), compute)) {  // (i64 checks its operands)
    Tensor out = Tensor::empty(result_dtype(op, a.dtype(), b.dtype()), a.shape());
    const int64_t size = itemsize(compute);
    loop(static_cast<char*>(out.raw_data()), itemsize(out.dtype()), static_cast<char*>(a.raw_data()), size,
         static_cast<char*>(b.raw_data()), size, out.numel());
    return out;
  }
  Shape shape = broadcast_shapes(a.shape(), b.shape());
  Tensor ca = astype(a, compute), cb = astype(b, compute);
  if (compute == DType::I64) check_int_operands(op, ca, cb, shape);
  Tensor out = Tensor::empty(result_dtype(op, a.dtype(), b.dtype()), shape);
  detail::for_each_run<3>(
      shape,
      {detail::operand(out), detail::broadcast_operand(ca, shape),
       detail::broadcast_operand(cb, shape)},
      [loop](auto p, auto s, int64_t n) { loop(p[0], s[0], p[1], s[1], p[2], s[2], n); });
  return out;
}

Tensor apply_over(BinaryOp op, Tensor a, const Tensor& b) {
  DType compute = compute_dtype(op, a.dtype(), b.dtype());
  BinaryLoop loop = binary_loop(op, compute);
  if (loop == nullptr || compute != a.dtype() || result_dtype(op, a.dtype(), b.dtype()) != a.dtype() ||
      compute == DType::I64 || !a.is_unique() || !a.is_contiguous() || !(broadcast_shapes(a.shape(), b.shape()) == a.shape()))
    return apply(op, a, b);
  Tensor cb = astype(b, compute);
  const Shape& shape = a.shape();
  // Elementwise, each output element is written after its own operands are read, so a may be
  // both an input and the output.
  detail::for_each_run<3>(
      shape, {detail::operand(a), detail::operand(a), detail::broadcast_operand(cb, shape)},
      [loop](auto p, auto s, int64_t n) { loop(p[0], s[0], p[1], s[1], p[2], s[2], n); });
  return a;
}

#define FX_UNARY_OP(Name, name, Category) \
  Tensor name(const Tensor& x) { return apply(UnaryOp::Name, x); }
#define FX_BINARY_OP(Name, name, Category) \
  Tensor name(const Tensor& a, const Tensor& b) { return apply(BinaryOp::Name, a, b); }
#include "fluxion/runtime/elementwise_ops.def"

Tensor clip(const Tensor& x, const Tensor& lo, const Tensor& hi) {
  return minimum(maximum(x, lo), hi);
}

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  if (cond.dtype() != DType::Bool)
    tensor_error(std::string("where: the condition must be a bool tensor, got ") +
                 dtype_name(cond.dtype()));
  DType dtype = promote(a.dtype(), b.dtype());
  Shape shape = broadcast_shapes(broadcast_shapes(cond.shape(), a.shape()), b.shape());
  Tensor ca = astype(a, dtype), cb = astype(b, dtype);
  Tensor out = Tensor::empty(dtype, shape);
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    detail::for_each_run<4>(shape,
                            {detail::operand(out), detail::broadcast_operand(cond, shape),
                             detail::broadcast_operand(ca, shape),
                             detail::broadcast_operand(cb, shape)},
                            [](auto p, auto s, int64_t n) {
                              for (int64_t i = 0; i < n; ++i)
                                at<T>(p[0], s[0], i) = at<bool>(p[1], s[1], i)
                                                           ? at<T>(p[2], s[2], i)
                                                           : at<T>(p[3], s[3], i);
                            });
  });
  return out;
}

}  // namespace fx::rt
