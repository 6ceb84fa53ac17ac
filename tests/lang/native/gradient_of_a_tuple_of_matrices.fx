# value_and_grad of a function of a 4-tuple of matrices, natively: the gradient tuple's type
# knows each matrix's extents, (Tensor[f64, (2, 2)]) * 4, where the tuple holding it says
# (Tensor[f64, 2]) * 4, two C structs of one layout; reading it converts between them
# (codegen/prims_structure.cpp tuple_get). The C did not compile before. d/da sum(a * b) = b,
# d/dd sum(c @ d) = column sums of c in each row.
# RUN: run --native
# EXPECT: 84.0
# EXPECT: [[1.0, 2.0], [3.0, 4.0]]
# EXPECT: [[1.0, 2.0], [3.0, 4.0]]
# EXPECT: [[3.0, 7.0], [3.0, 7.0]]
# EXPECT: [[4.0, 4.0], [6.0, 6.0]]
def f(p):
    a, b, c, d = p
    return sum(a * b) + sum(c @ d)

def main():
    m = [[1.0, 2.0], [3.0, 4.0]]
    v, g = value_and_grad(f)((m, m, m, m))
    g1, g2, g3, g4 = g
    print(v)
    print(g1)
    print(g2)
    print(g3)
    print(g4)
