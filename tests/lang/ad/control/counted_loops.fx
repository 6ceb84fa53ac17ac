# Counted loops (docs/ad.md §4): a `for` without break or return knows its trip count at entry,
# and reverse mode lays its tape out once for it. Every form of the count: none at all, a
# negative step, a step that does not divide the range, one known only at run time, a counted
# loop nested in a while (a tape per outer iteration, each of its own length), a `for` with
# break (a while's growing tape), the rows of a tensor and a comprehension.
# x = 1.5: x^4 -> 4x^3 = 13.5, x^3 -> 3x^2 = 6.75, x^6 -> 6x^5 = 45.5625.
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 13.5
# EXPECT: 6.75
# EXPECT: 6.75
# EXPECT: 45.5625
# EXPECT: 13.5
# EXPECT: 10.0
# EXPECT: 6.0
def empty(x):
    r = x
    for i in range(5, 5):
        r = r * x
    return r

def none_at_run_time(x, n):
    r = x
    for i in range(n):
        r = r * x
    return r

def down(x):
    r = 1.0
    for i in range(10, 0, -3):    # 10, 7, 4, 1
        r = r * x
    return r

def uneven(x):
    r = 1.0
    for i in range(0, 10, 4):     # 0, 4, 8
        r = r * x
    return r

def step_at_run_time(x, step):
    r = 1.0
    for i in range(9, -1, step):  # step -4: 9, 5, 1
        r = r * x
    return r

def nested(x):
    s = 1.0
    k = 0
    while k < 3:
        for j in range(k + 1):    # 1, 2, 3 times
            s = s * x
        k = k + 1
    return s

def broken(x):
    r = 1.0
    for i in range(10):
        if i == 4:
            break
        r = r * x
    return r

def rows(w):
    s = 0.0
    for row in [[1.0, 2.0], [3.0, 4.0]]:
        s = s + w * sum(row)
    return s

def comprehension(x):
    return sum([x * i for i in range(4)])

def main():
    x = 1.5
    print(grad(empty)(x))
    print(grad(none_at_run_time)(x, 0))
    print(grad(down)(x))
    print(grad(uneven)(x))
    print(grad(step_at_run_time)(x, -4))
    print(grad(nested)(x))
    print(grad(broken)(x))
    print(grad(rows)(x))
    print(grad(comprehension)(x))
