# Elementwise f64 operations written into a dying operand (docs/codegen.md "Ownership",
# codegen/elementwise_loops.cpp): the operand is handed over at its last read, and native
# code reuses its storage only when nobody else holds it and every tensor operand has its
# layout. Each case below must print what the interpreter prints: a tensor read again later
# (not handed over), one held by a tuple too (not unique), a view of another (its storage is
# not its own), an operand that broadcasts (the runtime's path), integers as weak scalars, and
# a chain in a loop whose every step reuses one tensor.
# EXPECT: [2.0, 4.0, 6.0] [1.0, 2.0, 3.0]
# EXPECT: [3.0, 6.0, 9.0] ([1.0, 2.0, 3.0], 1)
# EXPECT: [[10.0, 12.0], [14.0, 16.0]] [[0.0, 1.0], [2.0, 3.0]]
# EXPECT: [[1.0, 2.0], [2.0, 8.0]]
# EXPECT: [5.0, 6.0, 7.0]
# EXPECT: [0.5, 1.0, 1.5]
# EXPECT: [1.0, 0.0, 1.0]
# EXPECT: 59049.0
def twice_kept(x):
    y = x * 1.0
    z = y * 2.0
    return z, y

def held(x):
    y = x * 1.0
    t = (y, 1)
    return y * 3.0, t

def view_rows(m):
    r = m[0:2] * 1.0
    return (r + 5.0) * 2.0

def main():
    x = arange(3) * 1.0 + 1.0
    a, b = twice_kept(x)
    print(a, b)
    c, t = held(x)
    print(c, t)
    m = reshape(arange(4) * 1.0, (2, 2))
    print(view_rows(m), m)
    col = reshape(arange(2) * 1.0 + 1.0, (2, 1))
    print((col * 1.0) * reshape(arange(2) * 1.0 + 1.0, (1, 2)) ** (col * 1.0))
    print(x * 1.0 + 4)
    print((x * 1.0) / 2)
    print(relu(x * 1.0 - 2.0) + maximum(2.0 - x * 1.0, 0.0))
    v = ones(4) * 3.0
    for i in range(9):
        v = v * 3.0
    print(v[0] * 1.0)
