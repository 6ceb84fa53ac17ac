#include "interp/scalar_ops.hpp"

#include <cmath>
#include <string>

#include "fluxion/runtime/elementwise.hpp"
#include "support/diagnostics.hpp"
#include "support/number_format.hpp"

namespace fx::interp::scalar {

namespace {
// uint64_t → int64_t is modular since C++20.
int64_t wrap(uint64_t u) { return static_cast<int64_t>(u); }
uint64_t bits(int64_t i) { return static_cast<uint64_t>(i); }

// Division by zero and negative powers: the tensor kernels' wording (one definition).
void refuse_int_operands(rt::BinaryOp op, int64_t a, int64_t b, SourceLoc loc) {
  if (auto error = rt::int_operand_error(op, a, b)) runtime_error(loc, *error);
}
}  // namespace

int64_t add(int64_t a, int64_t b) { return wrap(bits(a) + bits(b)); }
int64_t sub(int64_t a, int64_t b) { return wrap(bits(a) - bits(b)); }
int64_t mul(int64_t a, int64_t b) { return wrap(bits(a) * bits(b)); }
int64_t neg(int64_t a) { return wrap(0 - bits(a)); }
int64_t abs(int64_t a) { return a < 0 ? neg(a) : a; }

int64_t floordiv(int64_t a, int64_t b, SourceLoc loc) {
  refuse_int_operands(rt::BinaryOp::FloorDiv, a, b, loc);
  if (b == -1) return neg(a);  // INT64_MIN / -1 overflows: wrap instead
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t mod(int64_t a, int64_t b, SourceLoc loc) {
  refuse_int_operands(rt::BinaryOp::Mod, a, b, loc);
  if (b == -1) return 0;  // INT64_MIN % -1 is undefined in C++
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

int64_t pow(int64_t a, int64_t b, SourceLoc loc) {
  refuse_int_operands(rt::BinaryOp::Pow, a, b, loc);
  uint64_t result = 1, base = bits(a);
  for (uint64_t e = bits(b); e != 0; e >>= 1) {
    if (e & 1) result *= base;
    base *= base;
  }
  return wrap(result);
}

double floordiv(double a, double b) {
  double m = std::fmod(a, b);
  if (b == 0) return a / b;
  double div = (a - m) / b;
  if (m != 0) {
    if ((b < 0) != (m < 0)) div -= 1.0;
  }
  if (div != 0) {
    double fl = std::floor(div);
    if (div - fl > 0.5) fl += 1.0;  // snap to the nearest integral value
    return fl;
  }
  return std::copysign(0.0, a / b);
}

double mod(double a, double b) {
  double m = std::fmod(a, b);
  if (b == 0) return m;  // nan
  if (m != 0) {
    if ((b < 0) != (m < 0)) m += b;
  } else {
    m = std::copysign(0.0, b);
  }
  return m;
}

double sigmoid(double x) {
  if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
  double e = std::exp(x);  // x < 0: exp cannot overflow
  return e / (1.0 + e);
}

double softplus(double x) { return std::log1p(std::exp(-std::fabs(x))) + (x > 0 ? x : 0.0); }

double sign(double x) {
  if (std::isnan(x)) return x;
  return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
}

double maximum(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) ? a : b;
  return a >= b ? a : b;
}

double minimum(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) ? a : b;
  return a <= b ? a : b;
}

int64_t truncate_to_i64(double x, SourceLoc loc) {
  if (std::isnan(x)) runtime_error(loc, "cannot convert nan to an integer");
  if (std::isinf(x)) runtime_error(loc, "cannot convert " + format_float(x) + " to an integer");
  // 2^63 is exactly representable; every double in [-2^63, 2^63) truncates into i64.
  if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0))
    runtime_error(loc, "cannot convert " + format_float(x) + " to an integer: out of the i64 range");
  return static_cast<int64_t>(x);
}

}  // namespace fx::interp::scalar
