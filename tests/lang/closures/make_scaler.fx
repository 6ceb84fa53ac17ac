# Pins: make_scaler from LANGUAGE.md §4: a nested def closing over a parameter, returned
# and called later; two closures from the same def keep separate values.
# EXPECT: 6.0
# EXPECT: 2.5
# EXPECT: 7.5
def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def main():
    triple = make_scaler(3.0)
    half = make_scaler(0.5)
    print(triple(2.0))
    print(half(5.0))
    print(triple(half(5.0)))
