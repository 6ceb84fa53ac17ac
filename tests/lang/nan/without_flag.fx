# Without --check-nan nothing changes: nan and inf are values (NumPy semantics), also inside
# derivatives.
# EXPECT: nan
# EXPECT: inf
# EXPECT: -inf
# EXPECT: inf
def loss(w):
    return log(1.0 - 2.0 * w)

def main():
    print(loss(1.0))
    print(1.0 / 0.0)
    print(grad(loss)(0.5))
    print(grad(sqrt)(0.0))
