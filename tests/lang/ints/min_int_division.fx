# Pins: the one overflowing i64 division, INT64_MIN // -1 and INT64_MIN % -1, wraps as
# docs/ir.md says (NumPy gives -9223372036854775808 and 0) instead of trapping (x86 idiv
# raises SIGFPE on it in C and C++).
# EXPECT: -9223372036854775808
# EXPECT: -9223372036854775808
# EXPECT: 0
def main():
    lo = -9223372036854775807 - 1
    print(lo)
    print(lo // -1)
    print(lo % -1)
