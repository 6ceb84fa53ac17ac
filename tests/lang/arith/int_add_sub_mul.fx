# Pins: i64 + - * on integer literals give i64 results, printed without a decimal point.
# EXPECT: 5
# EXPECT: -1
# EXPECT: 6
# EXPECT: -12
# EXPECT: 0
def main():
    print(2 + 3)
    print(2 - 3)
    print(2 * 3)
    print(-3 * 4)
    print(7 - 7)
