#include "fluxion/runtime/dtype.hpp"

namespace fx::rt {

const char* dtype_name(DType t) {
  switch (t) {
    case DType::F64: return "f64";
    case DType::F32: return "f32";
    case DType::I64: return "i64";
    case DType::Bool: return "bool";
  }
  return "?";
}

DType promote(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  // Two different numeric types: any pair with f64, or i64 with f32, needs f64.
  if (a == DType::F64 || b == DType::F64) return DType::F64;
  if (a == DType::I64 && b == DType::I64) return DType::I64;
  return DType::F64;  // i64 with f32
}

bool can_assign(DType from, DType to) {
  if (from == to || from == DType::Bool) return true;
  switch (to) {
    case DType::F64:
    case DType::F32: return true;  // i64, f32, f64 all fit the float kind
    case DType::I64: return false;  // from a float: would truncate silently
    case DType::Bool: return false;
  }
  return false;
}

}  // namespace fx::rt
