# Pins: stdlib initialisers: shapes, bounds from the fans (dense (out, in) and conv OIHW),
# spread, determinism for one key, and zeros.
# EXPECT: (30, 20) True True
# EXPECT: (8, 4, 3, 3) True True
# EXPECT: True
# EXPECT: True True
# EXPECT: True
# EXPECT: True True
# EXPECT: True
# EXPECT: [0.0, 0.0, 0.0]
# EXPECT: 20 50 36 72
import "init.fx"

# max |w| is within the bound and close to it (many samples).
def bounded(w, a):
    return max(abs(w)) <= a, max(abs(w)) > 0.9 * a

def rms(w):
    return sqrt(mean(w * w))

def main():
    w = glorot_uniform(key(0), (30, 20))
    a, b = bounded(w, sqrt(6.0 / 50.0))
    print(w.shape, a, b)
    c = glorot_uniform(key(1), (8, 4, 3, 3))
    a, b = bounded(c, sqrt(6.0 / (36.0 + 72.0)))
    print(c.shape, a, b)
    print(sum(abs(glorot_uniform(key(0), (30, 20)) - w)) == 0.0)
    a, b = bounded(he_uniform(key(2), (100, 50)), sqrt(6.0 / 50.0))
    print(a, b)
    print(abs(rms(he_normal(key(3), (200, 100))) / sqrt(2.0 / 100.0) - 1.0) < 0.05)
    a, b = bounded(uniform_range(key(4), 1000, -3.0, 2.0) + 0.5, 2.5)
    print(a, b)
    print(abs(rms(normal_std(key(5), (100, 100), 0.5)) / 0.5 - 1.0) < 0.05)
    print(zeros_init(3))
    print(init_fan_in((50, 20)), init_fan_out((50, 20)), init_fan_in((8, 4, 3, 3)), init_fan_out((8, 4, 3, 3)))
