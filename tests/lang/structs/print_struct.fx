# Pins: §9 struct format `Name(field=value, ...)` in declaration order, values as §9.
# EXPECT: Linear(w=1.0, b=2.0)
# EXPECT: Config(steps=10, rate=0.001, verbose=True)
# EXPECT: Point(x=-0.5, y=1e-05)
struct Linear:
    w: f64
    b: f64

struct Config:
    steps: i64
    rate: f64
    verbose: bool

struct Point:
    x: f64
    y: f64

def main():
    print(Linear(1.0, 2.0))
    print(Config(10, 0.001, True))
    print(Point(-0.5, 1e-5))
