# Pins: `p.w = v` rebinds p to an updated value; another holder of the old value (q) still
# sees the old value (LANGUAGE.md §3).
# EXPECT: 1.0
# EXPECT: 2.0
# EXPECT: Linear(w=1.0, b=0.5)
# EXPECT: Linear(w=2.0, b=0.5)
struct Linear:
    w: f64
    b: f64

def main():
    p = Linear(1.0, 0.5)
    q = p
    p.w = 2.0
    print(q.w)
    print(p.w)
    print(q)
    print(p)
