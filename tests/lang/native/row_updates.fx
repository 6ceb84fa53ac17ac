# Row updates natively (codegen/prims_tensor.cpp set_block): x[i] = v and x[i] += v with fewer
# integer indices than x has axes, on an f64 tensor handed over that nobody else holds, write a
# block of consecutive elements in place when v is an f64 tensor of the block's shape, laid out
# contiguously, or an f64 number; anything else goes to the runtime: a value that broadcasts, a
# value that is a view of the target (the target is then not unique), a target held twice
# (copied first), an i64 target. The gradient of a function of two rows adds each row's
# cotangent so. native/differential runs the program in the interpreter too;
# tests/errors/tensors/runtime/set_row_shape_mismatch.fx has a value that does not broadcast.
# EXPECT: [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0], [2.5, 4.5, 6.5]]
# EXPECT: [[[0.0, 0.0], [1.0, 2.0]], [[7.0, 7.0], [8.0, 9.0]]]
# EXPECT: [[4.0, 5.0, 6.0], [0.0, 0.0, 0.0]] [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
# EXPECT: [[0.0, 1.0, 2.0], [9.0, 9.0, 9.0]]
# EXPECT: [[0, 1, 2], [1, 2, 3]]
# EXPECT: [[3.0, 4.0, 5.0], [0.0, 1.0, 2.0]]
def rows(n: i64):
    m = zeros((n, 3))
    for i in range(n):
        m[i] = [1.0, 2.0, 3.0] * i     # a row from a tensor
        m[-1] += [0.5, 0.5, 0.5]       # negative index, adding
    return m

def main():
    print(rows(3))
    a = zeros((2, 2, 2))
    a[1] = 7.0                         # a block filled with a number
    a[0, 1] += [1.0, 2.0]              # two indices, adding a row
    a[1] += a[0]                       # the value is a view of the target: not unique
    print(a)
    b = zeros((2, 3))
    keep = b
    b[0] = [4.0, 5.0, 6.0]             # b is held twice: copied first
    print(b, keep)
    c = zeros((2, 3))
    c[1] = [9.0]                       # broadcasts: the runtime's path
    c[0] += transpose(reshape(arange(3) * 1.0, (3, 1)))[0]   # a view as the value
    print(c)
    d = arange(6)
    e = reshape(d, (2, 3))
    e[1] = [1, 2, 3]                   # an i64 tensor: the runtime's path
    print(e)
    g = grad(lambda x: sum(x[0] * x[1]))(reshape(arange(6) * 1.0, (2, 3)))
    print(g)
    f = zeros((2, 3))
