# A lambda captures a value the optimiser fuses (`w` below is an elementwise chain): the fuse
# pass ran after the expansion had laid out the lambda's closure env from the node `w`, put a new
# node in its place, and the derivative then read an env slot never assigned ("variable used
# before it is assigned" natively and in the interpreter; fine with --opt=0). A value a nested
# graph reads is not the root of a fused region (opt/fuse_elementwise.cpp).
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: [0.5, 1.5, -2.0, 4.0]
# EXPECT: [0.5, 1.5, -2.0, 4.0]
# EXPECT: 8.571448155230808
def micro_dot(v1, v2):
    return sum(v1 * v2)

def main():
    v1 = sin(0.37 * arange(4))
    w = [0.5, 1.5, -2.0, 4.0] * cos(0.0 * arange(4))
    print(jacfwd(lambda v: micro_dot(v, w))(v1))
    print(jacrev(lambda v: micro_dot(v, w))(v1))
    print(grad(lambda s: micro_dot(s * v1, w + s))(1.5))
