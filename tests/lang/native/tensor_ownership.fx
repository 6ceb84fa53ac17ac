# References to tensors in native code (docs/codegen.md "Tensors"): numbers that become tensors
# (a join of `0.0` with a tensor, in a branch, a tuple and a loop), tensors kept in tuples,
# structs, enums and closures, updated in place only when nobody else holds them, rows appended
# by comprehensions, f32 scalars. Native code checks that every tensor reference is given back
# when main returns (an internal error otherwise), so this program pins the ownership rules.
# EXPECT: 0.0 [2.0, 2.0, 2.0]
# EXPECT: ([2.0, 2.0, 2.0], 2)
# EXPECT: [1.0, 2.0] 3.0
# EXPECT: [1.0, 0.0, 0.0] [0.0, 0.0, 0.0] [0.0, 0.0, 0.0]
# EXPECT: [9.0, 1.0, 0.0] [0.0, 0.0, 0.0]
# EXPECT: Some([1.0, 1.0, 1.0]) 3.0
# EXPECT: [[0, 1], [2, 3], [4, 5]] 6
# EXPECT: 0.5 1.5 True
struct Box:
    t: Tensor[f64, 1]

enum Maybe:
    Nothing
    Some(t: Tensor[f64, 1])

def pick(c, x):
    if c:
        return 0.0
    return x * 2.0

def fill(x, n):
    for i in range(n):
        x[i] = 9.0 - 8.0 * i
    return x

def main():
    v = ones(3)
    print(pick(True, v), pick(False, v))
    t = (0.0, 1)
    for i in range(2):
        t = (t[0] + v, t[1] + i)
    print(t)
    s = 0.0
    k = 0
    while k < 2:
        s = s + [1.0, 2.0] * k
        k += 1
    print(s, sum(s))
    z = zeros(3)
    alias = z
    b = Box(t=z)
    z[0] = 1.0
    print(z, alias, b.t)
    w = zeros(3)
    read = lambda: w
    print(fill(w, 2), read())
    m = Some(v)
    match m:
        case Nothing:
            print("none")
        case Some(u):
            print(m, sum(u))
    rows = [[2 * i, 2 * i + 1] for i in range(3)]
    print(rows, len(rows) * 2)
    h = astype([0.5, 1.5], f32)
    print(h[0], h[1], h[0] < h[1])
