# Pins: fields are stored by name: keyword construction in reversed order prints in
# declaration order and reads back the right values.
# EXPECT: Box(a=1, b=2, c=3)
# EXPECT: 1 2 3
struct Box:
    a: i64
    b: i64
    c: i64

def main():
    bx = Box(c=3, b=2, a=1)
    print(bx)
    print(bx.a, bx.b, bx.c)
