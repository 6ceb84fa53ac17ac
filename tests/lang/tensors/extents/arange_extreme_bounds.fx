# Pins: arange with bounds whose difference overflows i64: the checker counts the elements in
# 128 bits, as the run time does.
# EXPECT: [-9223372036854775807, -4611686018427387903, 1, 4611686018427387905] [5] (4,)

def main():
    a = arange(-9223372036854775807, 9223372036854775807, 4611686018427387904)
    print(a, arange(5, 0, -9223372036854775807 - 1), a.shape)
