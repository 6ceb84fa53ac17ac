# Pins: `/` is always true division giving f64, even for two i64 operands.
# EXPECT: 3.5
# EXPECT: 2.0
# EXPECT: 0.3333333333333333
# EXPECT: -3.5
# EXPECT: 3.5
# EXPECT: 0.25
def main():
    print(7 / 2)
    print(6 / 3)
    print(1 / 3)
    print(-7 / 2)
    print(7.0 / 2)
    print(1.0 / 4.0)
