// Scalar operations for generated code, computed by the same math as the tensor kernels
// (runtime/src/elementwise_math.hpp), so that native and interpreted programs agree to the bit
// and fail with the same words.
#include <cmath>
#include <string>

#include "../src/elementwise_math.hpp"
#include "fluxion/fx_rt.h"
#include "support/number_format.hpp"

namespace math = fx::rt::math;

namespace {

// The message of the last refused operation of this thread (returned as a C string).
thread_local std::string refused;

template <class Op> const char* int_binary(int64_t a, int64_t b, int64_t* out) {
  if (Op::int_operands_refused(a, b)) {
    refused = Op::int_operand_error(a, b);
    return refused.c_str();
  }
  *out = Op::template apply<int64_t>(a, b);
  return nullptr;
}

}  // namespace

extern "C" {

const char* fx_rt_i64_floordiv(int64_t a, int64_t b, int64_t* out) { return int_binary<math::FloorDiv>(a, b, out); }
const char* fx_rt_i64_mod(int64_t a, int64_t b, int64_t* out) { return int_binary<math::Mod>(a, b, out); }
const char* fx_rt_i64_pow(int64_t a, int64_t b, int64_t* out) { return int_binary<math::Pow>(a, b, out); }

// The interpreter's int(x) (src/interp/scalar_ops.cpp, truncate_to_i64), in its words.
const char* fx_rt_f64_to_i64(double x, int64_t* out) {
  if (std::isnan(x)) refused = "cannot convert nan to an integer";
  else if (std::isinf(x)) refused = "cannot convert " + fx::format_float(x) + " to an integer";
  else if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0))
    refused = "cannot convert " + fx::format_float(x) + " to an integer: out of the i64 range";
  else {
    *out = static_cast<int64_t>(x);
    return nullptr;
  }
  return refused.c_str();
}

double fx_rt_f64_floordiv(double a, double b) { return math::FloorDiv::apply<double>(a, b); }
double fx_rt_f64_mod(double a, double b) { return math::Mod::apply<double>(a, b); }
double fx_rt_sigmoid(double x) { return math::Sigmoid::apply<double>(x); }
double fx_rt_softplus(double x) { return math::Softplus::apply<double>(x); }
double fx_rt_sign(double x) { return math::Sign::apply<double>(x); }
double fx_rt_maximum(double a, double b) { return math::Maximum::apply<double>(a, b); }
double fx_rt_minimum(double a, double b) { return math::Minimum::apply<double>(a, b); }
double fx_rt_digamma(double x) { return math::Digamma::apply<double>(x); }
double fx_rt_trigamma(double x) { return math::Trigamma::apply<double>(x); }

}  // extern "C"
