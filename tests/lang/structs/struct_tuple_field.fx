# Pins: a struct field of tuple type `(f64, i64)`.
# EXPECT: Sample(pair=(0.5, 3), weight=2.0)
# EXPECT: 3
struct Sample:
    pair: (f64, i64)
    weight: f64

def main():
    s = Sample((0.5, 3), 2.0)
    print(s)
    print(s.pair[1])
