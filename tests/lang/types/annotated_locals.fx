# Pins: annotated assignments `x: f64 = ...` that agree with the value.
# EXPECT: 2.0 3 True
def main():
    x: f64 = 2.0
    n: i64 = 3
    ok: bool = x < 3.0
    print(x, n, ok)
