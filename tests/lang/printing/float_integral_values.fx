# Pins: integral f64 values keep `.0` in every position: alone, in tuples, structs, enums.
# EXPECT: 2.0 (3.0, 4) P(v=5.0) C(6.0)
struct P:
    v: f64

enum E:
    C(v: f64)
    D(n: i64)

def main():
    print(2.0, (3.0, 4), P(5.0), C(6.0))
