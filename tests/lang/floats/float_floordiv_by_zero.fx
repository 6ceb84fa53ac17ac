# Pins: f64 `//` and `%` by zero follow IEEE/NumPy (inf, nan), like `/` (docs/ir.md: float
# division by zero gives inf/nan); only integer division by zero is an error.
# spec-silent: Python raises ZeroDivisionError; NumPy's floor_divide and mod are followed.
# EXPECT: inf
# EXPECT: -inf
# EXPECT: nan
def main():
    zero = 0.0
    print(1.0 // zero)
    print(-1.0 // zero)
    print(1.0 % zero)
