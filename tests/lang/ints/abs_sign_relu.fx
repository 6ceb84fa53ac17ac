# Pins: abs, sign and relu keep i64 arguments i64 (type-preserving builtins).
# EXPECT: 3
# EXPECT: 4
# EXPECT: -1
# EXPECT: 0
# EXPECT: 1
# EXPECT: 0
# EXPECT: 3
# EXPECT: 5
def main():
    print(abs(-3))
    print(abs(4))
    print(sign(-5))
    print(sign(0))
    print(sign(7))
    print(relu(-2))
    print(relu(3))
    print(abs(-3) + 2)
