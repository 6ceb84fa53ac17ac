# Pins: max(a, b) and min(a, b) of two i64 give an i64.
# EXPECT: 7
# EXPECT: 3
# EXPECT: -1
# EXPECT: -2
# EXPECT: 5
def main():
    print(max(3, 7))
    print(min(3, 7))
    print(max(-1, -2))
    print(min(-1, -2))
    print(max(5, 5))
