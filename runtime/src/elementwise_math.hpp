// The scalar math of each elementwise op (one struct per entry of elementwise_ops.def).
//
// `apply` is a template constrained to the element types the op is defined for; the kernel table
// in elementwise.cpp instantiates it for exactly those, so an op/dtype pair that makes no sense
// (sin of bool) has no kernel at all. Integer arithmetic wraps around like NumPy's int64 (done on
// uint64_t, since signed overflow is undefined in C++); integer division by zero and negative
// integer powers are rejected before the kernel runs (`int_operands_refused`, with the message
// `int_operand_error`, which the interpreter's scalar operators share).
#pragma once
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>

#include "fluxion/runtime/special.hpp"

namespace fx::rt::math {

template <class T> concept Float = std::same_as<T, double> || std::same_as<T, float>;
template <class T> concept Int = std::same_as<T, int64_t>;
template <class T> concept Number = Float<T> || Int<T>;
template <class T> concept Bool = std::same_as<T, bool>;

inline int64_t wrap(uint64_t v) { return static_cast<int64_t>(v); }
inline uint64_t bits(int64_t v) { return static_cast<uint64_t>(v); }

// NumPy's npy_divmod: floor division and a modulus with the sign of the divisor.
template <Float T> T float_floordiv(T a, T b, T& mod) {
  mod = std::fmod(a, b);
  if (b == 0) return a / b;
  T div = (a - mod) / b;
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) {
      mod += b;
      div -= T(1);
    }
  } else {
    mod = std::copysign(T(0), b);
  }
  if (div != 0) {
    T floordiv = std::floor(div);
    if (div - floordiv > T(0.5)) floordiv += T(1);
    return floordiv;
  }
  return std::copysign(T(0), a / b);
}

// ---- unary ----

struct Neg {
  template <Number T> static T apply(T x) {
    if constexpr (Int<T>) return wrap(0 - bits(x));
    else return -x;
  }
};
struct Abs {
  template <Number T> static T apply(T x) {
    if constexpr (Int<T>) return x < 0 ? wrap(0 - bits(x)) : x;
    else return std::fabs(x);
  }
};
struct Sign {
  template <Number T> static T apply(T x) {
    if constexpr (Int<T>) return (x > 0) - (x < 0);
    else return x > 0 ? T(1) : x < 0 ? T(-1) : x == 0 ? T(0) : x;  // NaN stays NaN
  }
};
struct Relu {
  template <Number T> static T apply(T x) { return x > 0 || x != x ? x : T(0); }
};
struct Floor {
  template <Number T> static T apply(T x) {
    if constexpr (Int<T>) return x;
    else return std::floor(x);
  }
};
struct Ceil {
  template <Number T> static T apply(T x) {
    if constexpr (Int<T>) return x;
    else return std::ceil(x);
  }
};

#define FX_FLOAT_UNARY(Name, expr) \
  struct Name {                    \
    template <Float T> static T apply(T x) { return expr; } \
  };
FX_FLOAT_UNARY(Exp, std::exp(x))
FX_FLOAT_UNARY(Log, std::log(x))
FX_FLOAT_UNARY(Log1p, std::log1p(x))
FX_FLOAT_UNARY(Expm1, std::expm1(x))
FX_FLOAT_UNARY(Sin, std::sin(x))
FX_FLOAT_UNARY(Cos, std::cos(x))
FX_FLOAT_UNARY(Tan, std::tan(x))
FX_FLOAT_UNARY(Tanh, std::tanh(x))
FX_FLOAT_UNARY(Sqrt, std::sqrt(x))
// Both branches stay in range: exp of a non-positive number never overflows.
FX_FLOAT_UNARY(Sigmoid, x >= 0 ? T(1) / (T(1) + std::exp(-x)) : std::exp(x) / (T(1) + std::exp(x)))
// log(1 + e^x) = max(x, 0) + log1p(e^-|x|), exact for large |x|.
FX_FLOAT_UNARY(Softplus, std::log1p(std::exp(-std::fabs(x))) + (x > 0 ? x : T(0)))
// Special functions (fluxion/runtime/special.hpp), computed in double.
FX_FLOAT_UNARY(Lgamma, T(std::lgamma(double(x))))
FX_FLOAT_UNARY(Digamma, T(special::digamma(double(x))))
FX_FLOAT_UNARY(Trigamma, T(special::trigamma(double(x))))
FX_FLOAT_UNARY(Erf, std::erf(x))
FX_FLOAT_UNARY(Erfc, std::erfc(x))
#undef FX_FLOAT_UNARY

struct LogicalNot {
  template <Bool T> static bool apply(T x) { return !x; }
};

// ---- binary ----

struct Add {
  template <Number T> static T apply(T a, T b) {
    if constexpr (Int<T>) return wrap(bits(a) + bits(b));
    else return a + b;
  }
};
struct Sub {
  template <Number T> static T apply(T a, T b) {
    if constexpr (Int<T>) return wrap(bits(a) - bits(b));
    else return a - b;
  }
};
struct Mul {
  template <Number T> static T apply(T a, T b) {
    if constexpr (Int<T>) return wrap(bits(a) * bits(b));
    else return a * b;
  }
};
struct Div {
  template <Float T> static T apply(T a, T b) { return a / b; }
};
struct FloorDiv {
  template <Number T> static T apply(T a, T b) {
    if constexpr (Int<T>) {
      if (b == 0) return 0;  // refused earlier (int_operands_refused)
      if (b == -1) return wrap(0 - bits(a));  // INT64_MIN / -1 would trap
      int64_t q = a / b;
      if (a % b != 0 && ((a < 0) != (b < 0))) --q;
      return q;
    } else {
      T mod;
      return float_floordiv(a, b, mod);
    }
  }
  static bool int_operands_refused(int64_t, int64_t b) { return b == 0; }
  static std::string int_operand_error(int64_t, int64_t) { return "integer division by zero"; }
};
struct Mod {
  template <Number T> static T apply(T a, T b) {
    if constexpr (Int<T>) {
      if (b == 0 || b == -1) return 0;
      int64_t r = a % b;
      if (r != 0 && ((r < 0) != (b < 0))) r += b;
      return r;
    } else {
      T mod;
      float_floordiv(a, b, mod);
      return mod;
    }
  }
  static bool int_operands_refused(int64_t, int64_t b) { return b == 0; }
  static std::string int_operand_error(int64_t, int64_t) { return "integer modulo by zero"; }
};
struct Pow {
  template <Number T> static T apply(T a, T b) {
    if constexpr (Int<T>) {
      uint64_t result = 1, base = bits(a);
      for (int64_t e = b; e > 0; e >>= 1) {
        if (e & 1) result *= base;
        base *= base;
      }
      return wrap(result);
    } else {
      // A square is one correctly rounded product (libm's pow of x and 2 is off by an ulp for
      // some x, and costs as much as 20 products), as generated code's fx_pow_f64 (fx_gen.h)
      // and the interpreter's scalar pow; power's derivative rule leaves x ** 2 in gradients
      // (GMM's). pow(x, 1) is x and pow(x, 0) is 1 for every x, nan included (C99 F.9.4.4;
      // libm returns those exactly, after its general path): the second derivative of x ** 2
      // is 2 * x ** 0 (kmeans's Hessian).
      return b == T(2) ? a * a : b == T(1) ? a : b == T(0) ? T(1) : std::pow(a, b);
    }
  }
  static bool int_operands_refused(int64_t, int64_t b) { return b < 0; }
  static std::string int_operand_error(int64_t a, int64_t b) {
    return "integers cannot be raised to a negative power (" + std::to_string(a) + " ** " +
           std::to_string(b) + "); use a float base";
  }
};
// NaN propagates, as in NumPy's maximum/minimum.
struct Maximum {
  template <Number T> static T apply(T a, T b) { return a != a ? a : b != b ? b : a >= b ? a : b; }
};
struct Minimum {
  template <Number T> static T apply(T a, T b) { return a != a ? a : b != b ? b : a <= b ? a : b; }
};

#define FX_COMPARE(Name, op) \
  struct Name {              \
    template <class T> static bool apply(T a, T b) { return a op b; } \
  };
FX_COMPARE(Less, <)
FX_COMPARE(LessEqual, <=)
FX_COMPARE(Greater, >)
FX_COMPARE(GreaterEqual, >=)
FX_COMPARE(Equal, ==)
FX_COMPARE(NotEqual, !=)
#undef FX_COMPARE

struct LogicalAnd {
  template <Bool T> static bool apply(T a, T b) { return a && b; }
};
struct LogicalOr {
  template <Bool T> static bool apply(T a, T b) { return a || b; }
};
struct LogicalXor {
  template <Bool T> static bool apply(T a, T b) { return a != b; }
};

}  // namespace fx::rt::math
