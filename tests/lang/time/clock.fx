# Pins: clock() reads a monotonic clock in seconds (f64): readings never decrease, and as an
# effect it stays where the program reads it, so work between two readings is inside them.
# EXPECT: True True
def busy(n):
    r = 1.0
    for i in range(n):
        r = r * 1.0000001
    return r

def main():
    t0: f64 = clock()
    r = busy(200000)
    t1 = clock()
    t2 = clock()
    print(t1 - t0 > 0.0 and r > 1.0, t2 >= t1)
