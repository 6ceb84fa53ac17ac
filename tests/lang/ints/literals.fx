# Pins: integer literals, including the largest i64, print as plain decimal integers.
# EXPECT: 0
# EXPECT: 42
# EXPECT: 1000000
# EXPECT: 9223372036854775807
# EXPECT: -17
def main():
    print(0)
    print(42)
    print(1000000)
    print(9223372036854775807)
    print(-17)
