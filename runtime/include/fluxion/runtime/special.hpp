// Special functions of one real variable, shared by the tensor kernels (elementwise_math.hpp)
// and the interpreter's scalars: digamma ψ = lgamma' and trigamma ψ₁ = ψ'. lgamma, erf and erfc
// are the C library's. Values at the poles follow SciPy: ψ(0) = -inf (ψ(-0) = +inf... we take
// the limit from the right, as SciPy does for +0), ψ at a negative integer is nan; ψ₁ at a
// non-positive integer is +inf.
#pragma once
#include <cmath>
#include <limits>

namespace fx::rt::special {

inline constexpr double kPi = 3.14159265358979323846;

// ψ(x): reflection ψ(x) = ψ(1 - x) - π / tan(πx) for x < 0, recurrence ψ(x) = ψ(x + 1) - 1/x up
// to x ≥ 10, then the asymptotic series ln x - 1/(2x) - Σ B₂ₖ / (2k x^2k).
inline double digamma(double x) {
  if (std::isnan(x)) return x;
  if (x == std::numeric_limits<double>::infinity()) return x;
  if (x == 0) return std::signbit(x) ? std::numeric_limits<double>::infinity()
                                     : -std::numeric_limits<double>::infinity();
  double result = 0.0;
  if (x < 0) {
    if (std::floor(x) == x) return std::numeric_limits<double>::quiet_NaN();  // also -inf
    // π / tan(πx), with the argument reduced to (-1/2, 1/2] for accuracy.
    double r = x - std::round(x);
    result = -kPi / std::tan(kPi * r);
    x = 1.0 - x;
  }
  while (x < 10.0) {
    result -= 1.0 / x;
    x += 1.0;
  }
  double z = 1.0 / (x * x);
  double series =
      z * (1.0 / 12 -
           z * (1.0 / 120 -
                z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132 - z * (691.0 / 32760 - z * (1.0 / 12)))))));
  return result + std::log(x) - 0.5 / x - series;
}

// ψ₁(x) = Σₖ 1/(x + k)²: reflection ψ₁(x) = π² / sin²(πx) - ψ₁(1 - x) for x < 0, recurrence
// ψ₁(x) = ψ₁(x + 1) + 1/x² up to x ≥ 10, then 1/x + 1/(2x²) + Σ B₂ₖ / x^(2k+1).
inline double trigamma(double x) {
  if (std::isnan(x)) return x;
  if (x == std::numeric_limits<double>::infinity()) return 0.0;
  if (x <= 0 && std::floor(x) == x) return std::numeric_limits<double>::infinity();  // also -inf
  double result = 0.0;
  if (x < 0) {
    double r = x - std::round(x);
    double s = std::sin(kPi * r);
    result = kPi * kPi / (s * s);
    return result - trigamma(1.0 - x);
  }
  while (x < 10.0) {
    result += 1.0 / (x * x);
    x += 1.0;
  }
  double z = 1.0 / (x * x);
  double series =
      z * (1.0 / 6 - z * (1.0 / 30 - z * (1.0 / 42 - z * (1.0 / 30 - z * (5.0 / 66 - z * (691.0 / 2730 - z * (7.0 / 6)))))));
  return result + 1.0 / x + 0.5 * z + series / x;
}

}  // namespace fx::rt::special
