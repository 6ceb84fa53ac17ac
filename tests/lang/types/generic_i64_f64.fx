# Pins: one unannotated function used at i64 and at f64 gives i64 and f64 results.
# EXPECT: 4
# EXPECT: 3.0
# EXPECT: 0
def double(x):
    return x + x

def main():
    print(double(2))
    print(double(1.5))
    print(double(0))
