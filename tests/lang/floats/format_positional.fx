# Pins: §9 float format, positional range: shortest round-trip digits, `.0` when integral.
# EXPECT: 0.1
# EXPECT: 0.0001
# EXPECT: 123456789.0
# EXPECT: 1000000000000000.0
# EXPECT: 0.30000000000000004
# EXPECT: 0.3333333333333333
# EXPECT: -42.0
# EXPECT: 1.5
def main():
    print(0.1)
    print(0.0001)
    print(123456789.0)
    print(1e15)
    print(0.1 + 0.2)
    print(1.0 / 3.0)
    print(-42.0)
    print(1.5)
