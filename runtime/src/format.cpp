#include "fluxion/runtime/format.hpp"

#include <charconv>
#include <cmath>

#include "support/number_format.hpp"

namespace fx::rt {

namespace {

// The shortest f32 digits, laid out by format_float: those digits parse to a double whose own
// shortest representation is the same digits (a double holds every <= 9-digit decimal apart).
std::string format_f32(float v) {
  if (!std::isfinite(v)) return fx::format_float(v);
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  double d = 0;
  std::from_chars(buf, res.ptr, d);
  return fx::format_float(d);
}

void append_element(std::string& out, DType dtype, const char* p) {
  Scalar s = Scalar::load(dtype, p);
  switch (dtype) {
    case DType::F64: out += fx::format_float(s.to_f64()); return;
    case DType::F32: out += format_f32(s.to_f32()); return;
    case DType::I64: out += std::to_string(s.to_i64()); return;
    case DType::Bool: out += s.to_bool() ? "True" : "False"; return;
  }
}

void append_axis(std::string& out, const Tensor& x, int axis, const char* p) {
  if (axis == x.rank()) {
    append_element(out, x.dtype(), p);
    return;
  }
  const int64_t step = x.strides()[axis] * itemsize(x.dtype());
  out += '[';
  for (int64_t i = 0; i < x.dim(axis); ++i) {
    if (i > 0) out += ", ";
    append_axis(out, x, axis + 1, p + i * step);
  }
  out += ']';
}

}  // namespace

std::string format(const Scalar& s) {
  switch (s.dtype()) {
    case DType::F64: return fx::format_float(s.to_f64());
    case DType::F32: return format_f32(s.to_f32());
    case DType::I64: return std::to_string(s.to_i64());
    case DType::Bool: return s.to_bool() ? "True" : "False";
  }
  return "?";
}

std::string format(const Tensor& x) {
  std::string out;
  append_axis(out, x, 0, static_cast<const char*>(x.raw_data()));
  return out;
}

}  // namespace fx::rt
