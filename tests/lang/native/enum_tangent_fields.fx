# Pins: derivatives of derivatives through a match over an enum, natively and unoptimised
# (`--opt=0`, where the field reads stay in the derivative code): an enum's tangent is a value
# of the same enum, and the reverse of the reverse reads its field by name (`get_attr` of an
# enum tangent: the variant the tag says, codegen/prims_structure.cpp). area(Circle(2), x) =
# 2x^3, so f'' = 12x and f''' = 12; area(Square(3), x) = sin(3x), so f'' = -9 sin(3x); the
# gradient with respect to the shape is Circle(x^3). All hand-derived.
# RUN: run --native --opt=0
# EXPECT: 6.0
# EXPECT: True
# EXPECT: 12.0
# EXPECT: Circle(0.125)
enum Shape:
    Circle(r: f64)
    Square(s: f64)

def area(sh, x):
    match sh:
        case Circle(r):
            return r * x * x * x
        case Square(s):
            return sin(s * x)

def main():
    c = Circle(2.0)
    q = Square(3.0)
    print(grad(grad(lambda x: area(c, x)))(0.5))
    print(abs(grad(grad(lambda x: area(q, x)))(0.5) + 9.0 * sin(1.5)) < 1e-12)
    print(grad(grad(grad(lambda x: area(c, x))))(0.5))
    print(grad(lambda s: area(s, 0.5))(c))
