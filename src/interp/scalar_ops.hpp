// Scalar arithmetic with NumPy / Python semantics (docs/ir.md "Primitives"), on plain C++
// numbers. i64 arithmetic wraps on overflow (computed in uint64_t: no undefined behaviour);
// float operations follow IEEE. Integer faults throw RuntimeError at `loc`.
#pragma once
#include <cstdint>

#include "support/source.hpp"

namespace fx::interp::scalar {

int64_t add(int64_t a, int64_t b);
int64_t sub(int64_t a, int64_t b);
int64_t mul(int64_t a, int64_t b);
int64_t neg(int64_t a);
int64_t abs(int64_t a);  // abs(INT64_MIN) wraps to INT64_MIN, as NumPy

// Python's floor division and modulo: the quotient rounds toward -inf, the remainder takes
// the sign of the divisor. Division by zero is an error "integer division by zero".
int64_t floordiv(int64_t a, int64_t b, SourceLoc loc);
int64_t mod(int64_t a, int64_t b, SourceLoc loc);
// Exponentiation by squaring, wrapping; a negative exponent is an error.
int64_t pow(int64_t a, int64_t b, SourceLoc loc);

// NumPy's float floor division and modulo (npy_divmod): Python's sign rules; by zero
// they give IEEE results (x // 0.0 = ±inf or nan, x % 0.0 = nan).
double floordiv(double a, double b);
double mod(double a, double b);

// Numerically stable forms.
double sigmoid(double x);
double softplus(double x);  // log1p(exp(-|x|)) + max(x, 0)

// NumPy's sign, maximum and minimum: NaN propagates.
double sign(double x);
double maximum(double a, double b);
double minimum(double a, double b);

// int(x): truncation toward zero; nan, ±inf and values outside i64 are errors.
int64_t truncate_to_i64(double x, SourceLoc loc);

}  // namespace fx::interp::scalar
