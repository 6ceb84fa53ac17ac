# One lambda called through `apply` at i64 and, under grad, at f64: the call under grad must
# run and differentiate the f64 clone (it printed 0 when the value pointed at the i64 clone).
# EXPECT: 4
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: (9.0, 6.0)
def apply(f, x):
    return f(x)

def main():
    sq = lambda x: x * x
    print(apply(sq, 2))
    print(grad(lambda x: apply(sq, x))(3.0))
    print(derivative(lambda x: apply(sq, x))(3.0))
    print(jvp(lambda x: apply(sq, x), (3.0,), (1.0,)))
