# Pins: jacfwd of a dot with a captured vector of one element, at an argument of three: the
# elementwise product broadcasts a vector of one element (the optimiser reads
# sum(one_hot(k, n) * w) as w[0]), but a dot needs one length, so the dot's law is not applied
# and the mismatch is the run-time error the interpreter reports, natively too.
# EXIT: 2
# STDERR: {file}:9:22: error: matmul: inner dimensions differ: (3,) @ (1,)
def main():
    w = [2.5]
    f = lambda v: dot(v, w)
    print(jacfwd(f)([1.0]))
    print(jacfwd(f)([1.0, 2.0, 3.0]))
