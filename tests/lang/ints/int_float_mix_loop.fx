# Pins: an i64 loop counter used in f64 arithmetic promotes per operation; the f64
# accumulator stays f64.
# EXPECT: 22.5
def main():
    total = 0.0
    for i in range(10):
        total += i * 0.5
    print(total)
