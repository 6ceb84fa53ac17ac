# Pins: ints print plainly, negative with a minus sign, no `.0`.
# EXPECT: 0
# EXPECT: -1
# EXPECT: 123456789012
# EXPECT: -9223372036854775807
def main():
    print(0)
    print(-1)
    print(123456789012)
    print(-9223372036854775807)
