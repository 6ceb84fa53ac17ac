# Pins: an expression-tree enum with f64 leaves, evaluated by recursion.
# EXPECT: 14.0
# EXPECT: -2.5
# EXPECT: Add(Num(2.0), Mul(Num(3.0), Num(4.0)))
enum Expr:
    Num(v: f64)
    Add(a: Expr, b: Expr)
    Mul(a: Expr, b: Expr)
    Neg(a: Expr)

def evaluate(e):
    match e:
        case Num(v):
            return v
        case Add(a, b):
            return evaluate(a) + evaluate(b)
        case Mul(a, b):
            return evaluate(a) * evaluate(b)
        case Neg(a):
            return -evaluate(a)

def main():
    e = Add(Num(2.0), Mul(Num(3.0), Num(4.0)))
    print(evaluate(e))
    print(evaluate(Neg(Add(Num(1.0), Num(1.5)))))
    print(e)
