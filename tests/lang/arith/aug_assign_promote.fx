# Pins: `f64 op= i64` keeps the variable f64 (promotion of the right operand).
# EXPECT: 3.0
# EXPECT: 6.0
# EXPECT: 2.0
# EXPECT: 1.0
def main():
    x = 1.0
    x += 2
    print(x)
    x *= 2
    print(x)
    x /= 3
    print(x)
    x -= 1
    print(x)
