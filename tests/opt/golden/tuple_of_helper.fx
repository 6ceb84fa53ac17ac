# Inlining brings the helper's make_tuple next to the caller's reads; projection forwards the
# components, DCE removes the tuple, and x * 1.0 is x: what is left is the arithmetic.
# GOLDEN-FN: f
# IR: graph @f[f64].3(%x.31 : f64)  # function at {file}:13:1
# IR:   %47 = mul(%x.31, 2.0) : f64                   # 11:15
# IR:   %48 = add(%x.31, 1.0) : f64                   # 11:24
# IR:   %40 = add(%47, %48) : f64                     # 15:23
# IR:   return %40
# EXPECT: 7.5
def pair(x):
    return (x * 2.0, x + 1.0)

def f(x: f64):
    p = pair(x)
    return p[0] * 1.0 + p[1]

def main():
    print(f(2.1666666666666665))
