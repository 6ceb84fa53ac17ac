# Pins: i64 op f64 → f64 for + - * / // % (LANGUAGE.md §2 numeric promotion), either side.
# EXPECT: 3.5
# EXPECT: 3.5
# EXPECT: 1.5
# EXPECT: 9.75
# EXPECT: 3.0
# EXPECT: 2.0
# EXPECT: 2.0
# EXPECT: -0.5
def main():
    print(1 + 2.5)
    print(2.5 + 1)
    print(3 * 0.5)
    print(10 - 0.25)
    print(7 // 2.0)
    print(7 % 2.5)
    print(1 + 1.0)
    print(1 - 1.5)
