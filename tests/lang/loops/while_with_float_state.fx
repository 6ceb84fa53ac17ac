# Pins: a loop that carries an f64 and an i64 together; the i64 counts halvings.
# EXPECT: 0.9765625
# EXPECT: 10
def main():
    x = 1000.0
    n = 0
    while x > 1.0:
        x = x / 2.0
        n += 1
    print(x)
    print(n)
