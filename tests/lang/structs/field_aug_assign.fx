# Pins: augmented assignment on a field (`p.x += v`), also as loop-carried state.
# spec-silent: §3 lists `p.field = v` and `x += y`; `p.field += v` is taken as Python does.
# EXPECT: Acc(count=5, total=10.0)
# EXPECT: Acc(count=0, total=0.0)
struct Acc:
    count: i64
    total: f64

def main():
    a = Acc(0, 0.0)
    start = a
    for i in range(5):
        a.count += 1
        a.total += 1.0 * i
    print(a)
    print(start)
