# where(a > b, x, y) in fused loops (docs/opt.md "Fusion"): the ordering that only the `where`
# reads joins the loop as a bool per element. Here with nan, infinities and -0.0 (the ordering
# is false for nan, and relu's derivative at 0 is 0), a mask that other nodes read too (it
# stays a tensor), a mask comparing two vectors (fused), and a vector of one element
# broadcasting against a longer one (an ordering that may fail on shapes: not fused); the
# differential test runs each natively and in the interpreter.
# EXPECT: [0.0, 0.0, 1.0, 0.0, 0.0, 2.0, 0.0]
# EXPECT: [nan, -inf, 3.0, 0.0, 0.0, 4.0, -1.0]
# EXPECT: [nan, -inf, 3.0, -0.0, 0.0, 4.0, -1.0] 2
# EXPECT: [0.25, 2.0, 1.0]
# EXPECT: [6.0, 6.0, 10.0]
def relu_slope(x):
    return grad(lambda v: sum(relu(v) * [1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 1.0]))(x)

def main():
    nan = log(-1.0) * 0.0
    x = [nan, -inf, 1.5, -0.0, 0.0, 2.0, -0.5]
    print(relu_slope(x))
    print(where(x > 0.0, x * 2.0, x * 2.0 + 0.0))
    mask = x > 0.0
    print(where(mask, x * 2.0, x * 2.0), sum(where(mask, 1, 0)))
    a = [0.5, 4.0, 1.0]
    b = [1.0, 2.0, 3.0]
    print(where(a > b, a * 0.5, a * a))
    print(where(a < [2.0], b * 2.0 * 1.0 + 4.0 * 0.0 + 4.0, a + a * 0.5))
