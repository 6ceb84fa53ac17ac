# Pins: unary minus and plus on i64 and f64, repeated unary operators.
# EXPECT: -5
# EXPECT: 5
# EXPECT: 5
# EXPECT: 2.5
# EXPECT: -2.5
# EXPECT: 3
def main():
    x = 5
    print(-x)
    print(+x)
    print(- -x)
    print(-(-2.5))
    y = 2.5
    print(-y)
    print(-x + 8)
