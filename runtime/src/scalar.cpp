#include "fluxion/runtime/scalar.hpp"

#include <cmath>
#include <cstring>

#include "fluxion/runtime/error.hpp"
#include "support/number_format.hpp"

namespace fx::rt {

namespace {
// Float-to-integer conversion in C++ is undefined outside the target's range; check first.
int64_t checked_to_i64(double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
    tensor_error("cannot convert " + fx::format_float(v) + " to i64");
  return static_cast<int64_t>(v);  // truncates toward zero, like Python's int()
}
}  // namespace

double Scalar::to_f64() const {
  switch (dtype_) {
    case DType::F64: return v_.f64;
    case DType::F32: return v_.f32;
    case DType::I64: return static_cast<double>(v_.i64);
    case DType::Bool: return v_.b ? 1.0 : 0.0;
  }
  return 0.0;
}

float Scalar::to_f32() const {
  switch (dtype_) {
    case DType::F64: return static_cast<float>(v_.f64);  // out of range gives inf (IEEE)
    case DType::F32: return v_.f32;
    case DType::I64: return static_cast<float>(v_.i64);
    case DType::Bool: return v_.b ? 1.0f : 0.0f;
  }
  return 0.0f;
}

int64_t Scalar::to_i64() const {
  switch (dtype_) {
    case DType::F64: return checked_to_i64(v_.f64);
    case DType::F32: return checked_to_i64(v_.f32);
    case DType::I64: return v_.i64;
    case DType::Bool: return v_.b ? 1 : 0;
  }
  return 0;
}

bool Scalar::to_bool() const {
  switch (dtype_) {
    case DType::F64: return v_.f64 != 0.0;  // NaN is true, as in Python
    case DType::F32: return v_.f32 != 0.0f;
    case DType::I64: return v_.i64 != 0;
    case DType::Bool: return v_.b;
  }
  return false;
}

Scalar Scalar::cast(DType to) const {
  switch (to) {
    case DType::F64: return Scalar(to_f64());
    case DType::F32: return Scalar(to_f32());
    case DType::I64: return Scalar(to_i64());
    case DType::Bool: return Scalar(to_bool());
  }
  return *this;
}

void Scalar::store(DType dtype, void* dst) const {
  switch (dtype) {
    case DType::F64: { double v = to_f64(); std::memcpy(dst, &v, sizeof v); return; }
    case DType::F32: { float v = to_f32(); std::memcpy(dst, &v, sizeof v); return; }
    case DType::I64: { int64_t v = to_i64(); std::memcpy(dst, &v, sizeof v); return; }
    case DType::Bool: { bool v = to_bool(); std::memcpy(dst, &v, sizeof v); return; }
  }
}

Scalar Scalar::load(DType dtype, const void* src) {
  switch (dtype) {
    case DType::F64: { double v; std::memcpy(&v, src, sizeof v); return Scalar(v); }
    case DType::F32: { float v; std::memcpy(&v, src, sizeof v); return Scalar(v); }
    case DType::I64: { int64_t v; std::memcpy(&v, src, sizeof v); return Scalar(v); }
    case DType::Bool: {
      unsigned char byte;  // read as a byte: any nonzero pattern is true, never UB
      std::memcpy(&byte, src, 1);
      return Scalar(byte != 0);
    }
  }
  return Scalar();
}

bool Scalar::operator==(const Scalar& other) const {
  if (dtype_ != other.dtype_) return false;
  switch (dtype_) {
    case DType::F64: return v_.f64 == other.v_.f64;
    case DType::F32: return v_.f32 == other.v_.f32;
    case DType::I64: return v_.i64 == other.v_.i64;
    case DType::Bool: return v_.b == other.v_.b;
  }
  return false;
}

}  // namespace fx::rt
