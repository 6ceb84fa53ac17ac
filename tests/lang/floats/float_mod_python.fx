# Pins: f64 `//` and `%` agree with Python exactly, including the cases where floor(a / b)
# or a bare fmod would differ: 1.0 // 0.1 is 9.0 (a / b rounds up to 10.0), and a zero
# remainder takes the sign of the divisor.
# EXPECT: 9.0
# EXPECT: 0.09999999999999995
# EXPECT: 0.0
# EXPECT: -0.0
# EXPECT: -1.0
# EXPECT: 2.0
# EXPECT: 1.0
# EXPECT: -1.0
def main():
    print(1.0 // 0.1)
    print(1.0 % 0.1)
    print(-6.0 % 3.0)
    print(6.0 % -3.0)
    print(-0.5 // 1.0)
    print(5.0 % 3.0)
    print(-5.0 % 3.0)
    print(5.0 % -3.0)
