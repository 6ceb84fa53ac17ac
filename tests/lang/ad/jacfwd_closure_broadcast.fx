# jacfwd of a closure over a captured vector whose length is not the argument's: a w of length
# 1 broadcasts, and an argument of length 1 broadcasts against w. The optimiser runs jacfwd's
# direction loop in a copy checked to have len(v) == len(w) (opt/loop_versions.cpp); these
# take the other copy, the loop as it was, and agree with reverse mode.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: [2.5, 2.5, 2.5, 2.5]
# EXPECT: [2.5, 2.5, 2.5, 2.5]
# EXPECT: [6.0]
# EXPECT: [6.0]
# EXPECT: [0.7712460149971065, 0.8960524975255252, 0.9736663950053749, 1.0]
def micro_dot(v1, v2):
    return sum(v1 * v2)

def main():
    n = int(arg(0, 4))
    v1 = sin(0.37 * arange(n))
    w = [2.5]
    f = lambda v: micro_dot(v, w)
    print(jacfwd(f)(v1))
    print(jacrev(f)(v1))
    u = [1.0, 2.0, 3.0]
    h = lambda v: micro_dot(v, u)
    print(jacfwd(h)([1.5]))
    print(jacrev(h)([1.5]))
    r = cos(0.23 * (n - 1 - arange(n)))
    print(jacfwd(lambda v: micro_dot(r, v))(v1))
