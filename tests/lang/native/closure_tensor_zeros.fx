# Derivatives of closures that capture tensors, in native code (docs/codegen.md "Derivatives"):
# forward mode gives the captured values a zero tangent, the zero of the closure's env, whose
# tensors give the zeros their shapes (a captured vector, a matrix, an integer tensor and a
# number; a closure inside a tuple, as hessian's inner derivative holds it); the templates call the closure through its value, which runs the clone of the
# lambda that fits the arguments. --native: a fallback to the interpreter fails this test.
# RUN: run --native
# EXPECT: [4.0, 5.0, 6.0]
# EXPECT: [4.0, 5.0, 6.0]
# EXPECT: [[4.0, 0.0, 0.0], [0.0, 5.0, 0.0], [0.0, 0.0, 6.0]]
# EXPECT: [[1.0, 2.0], [3.0, 4.0]]
# EXPECT: [[1.0, 2.0], [3.0, 4.0]]
# EXPECT: [[2.0, 2.0], [3.0, 6.0]]
# EXPECT: [[7.0, 0.0, 0.0], [0.0, 7.0, 0.0], [0.0, 0.0, 7.0]]
# EXPECT: 32.0
# EXPECT: [[8.0, 0.0, 0.0], [0.0, 10.0, 0.0], [0.0, 0.0, 12.0]]
def main():
    w = [4.0, 5.0, 6.0]
    m = [[1.0, 2.0], [3.0, 4.0]]
    counts = [1, 2]
    s = 7.0
    x = [1.0, 1.0, 1.0]
    print(jacfwd(lambda v: sum(v * w))(x))
    print(jacrev(lambda v: sum(v * w))(x))
    print(jacfwd(lambda v: v * w)(x))
    print(jacfwd(lambda v: m @ v)([0.5, -0.5]))
    print(jacrev(lambda v: m @ v)([0.5, -0.5]))
    print(jacfwd(lambda v: v * counts + m @ v)([0.5, -0.5]))
    print(jacfwd(lambda v: v * s + sum(w) * 0.0)(x))
    print(jvp(lambda v: sum(v * w) + s, ([1.0, 2.0, 3.0],), ([1.0, 2.0, 3.0],))[1])
    print(hessian(lambda v: sum(v * v * w))(x))
