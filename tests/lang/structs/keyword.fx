# Pins: struct construction by keyword in any order, and mixed positional + keyword (§7).
# EXPECT: Linear(w=1.0, b=2.0)
# EXPECT: Linear(w=1.0, b=2.0)
# EXPECT: Linear(w=1.0, b=2.0)
struct Linear:
    w: f64
    b: f64

def main():
    print(Linear(w=1.0, b=2.0))
    print(Linear(b=2.0, w=1.0))
    print(Linear(1.0, b=2.0))
