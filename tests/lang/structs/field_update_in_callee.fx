# Pins: a callee that updates a field of its struct parameter does not affect the caller's
# value; it returns the updated copy.
# EXPECT: Counter(n=0, total=0.0)
# EXPECT: Counter(n=1, total=2.5)
struct Counter:
    n: i64
    total: f64

def record(c, v):
    c.n = c.n + 1
    c.total = c.total + v
    return c

def main():
    c = Counter(0, 0.0)
    d = record(c, 2.5)
    print(c)
    print(d)
