// Element types of tensors, their sizes, names and NumPy's promotion rules.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>

#include "fluxion/runtime/tensor_abi.h"

namespace fx::rt {

enum class DType : int32_t { F64 = FX_F64, F32 = FX_F32, I64 = FX_I64, Bool = FX_BOOL };

constexpr int64_t itemsize(DType t) {
  switch (t) {
    case DType::F64: return 8;
    case DType::F32: return 4;
    case DType::I64: return 8;
    case DType::Bool: return 1;
  }
  return 1;
}

// "f64", "f32", "i64", "bool": the names Fluxion users write.
const char* dtype_name(DType t);

constexpr bool is_float(DType t) { return t == DType::F64 || t == DType::F32; }

// The dtype both operands of a binary op convert to, as NumPy does for arrays:
// bool < i64 < f64 and f32 < f64, with i64 op f32 -> f64 (f32 cannot hold every i64).
DType promote(DType a, DType b);

// Whether values of `from` may be stored into a tensor of `to` without losing their kind
// (bool -> anything, i64 -> floats, floats -> floats); used by indexed assignment.
bool can_assign(DType from, DType to);

// The C++ element type of each dtype and back. Bool elements are C++ `bool` (one byte, 0 or 1).
template <class T> struct DTypeOf;
template <> struct DTypeOf<double> { static constexpr DType value = DType::F64; };
template <> struct DTypeOf<float> { static constexpr DType value = DType::F32; };
template <> struct DTypeOf<int64_t> { static constexpr DType value = DType::I64; };
template <> struct DTypeOf<bool> { static constexpr DType value = DType::Bool; };
template <class T> inline constexpr DType dtype_of = DTypeOf<T>::value;

template <class T> struct TypeTag { using type = T; };

// Calls f(TypeTag<T>{}) with T the element type of `t`; the generic way to write a kernel once.
template <class F> decltype(auto) visit_dtype(DType t, F&& f) {
  switch (t) {
    case DType::F64: return f(TypeTag<double>{});
    case DType::F32: return f(TypeTag<float>{});
    case DType::I64: return f(TypeTag<int64_t>{});
    case DType::Bool: return f(TypeTag<bool>{});
  }
  return f(TypeTag<bool>{});  // unreachable: every enumerator is handled above
}

}  // namespace fx::rt
