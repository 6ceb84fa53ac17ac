# Pins: the §9 struct example format `Linear(w=1.0, b=2.0)`.
# EXPECT: Linear(w=1.0, b=2.0)
struct Linear:
    w: f64
    b: f64

def main():
    print(Linear(w=1.0, b=2.0))
