// A single typed value: the element type of indexing results, fill values and set_index values.
#pragma once
#include <concepts>
#include <cstdint>

#include "fluxion/runtime/dtype.hpp"

namespace fx::rt {

class Scalar {
 public:
  Scalar() : dtype_(DType::F64) { v_.f64 = 0.0; }
  Scalar(double v) : dtype_(DType::F64) { v_.f64 = v; }
  Scalar(float v) : dtype_(DType::F32) { v_.f32 = v; }
  Scalar(bool v) : dtype_(DType::Bool) { v_.b = v; }
  template <std::integral I>
    requires(!std::same_as<I, bool>)
  Scalar(I v) : dtype_(DType::I64) { v_.i64 = static_cast<int64_t>(v); }

  DType dtype() const { return dtype_; }

  // The value in another representation: numbers convert as C++ does, except that a float
  // that is NaN, infinite or out of range for i64 is a TensorError (C++ would be undefined).
  double to_f64() const;
  float to_f32() const;
  int64_t to_i64() const;
  bool to_bool() const;  // nonzero is true
  Scalar cast(DType to) const;

  // Writes the value, converted to `dtype`, to `dst` (which holds one element of `dtype`).
  void store(DType dtype, void* dst) const;
  // Reads one element of `dtype` from `src`.
  static Scalar load(DType dtype, const void* src);

  bool operator==(const Scalar& other) const;  // same dtype and same value (NaN != NaN)

 private:
  DType dtype_;
  union {
    double f64;
    float f32;
    int64_t i64;
    bool b;
  } v_;
};

// Python repr of the value: "1.0", "0.1", "3", "True".
std::string format(const Scalar& s);

}  // namespace fx::rt
