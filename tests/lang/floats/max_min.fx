# Pins: max(a, b) / min(a, b) on f64, and with mixed i64/f64 arguments the result is f64.
# spec-silent: mixed-type max/min promote to f64 as NumPy's maximum/minimum do (a static
# type needs one result type); Python would return the int 3 for max(3, 2.5).
# EXPECT: 2.5
# EXPECT: 1.5
# EXPECT: 2.5
# EXPECT: 3.0
# EXPECT: -0.5
def main():
    print(max(1.5, 2.5))
    print(min(1.5, 2.5))
    print(max(1, 2.5))
    print(max(3, 2.5))
    print(min(-0.5, 0.5))
