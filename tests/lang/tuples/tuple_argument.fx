# Pins: tuples as function arguments, destructured inside the callee.
# EXPECT: 11.0
def dot2(u, v):
    a, b = u
    c, d = v
    return a * c + b * d

def main():
    print(dot2((1.0, 2.0), (3.0, 4.0)))
