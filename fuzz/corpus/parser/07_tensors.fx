def f(x, k):
    a = [[1.0, 2.0], [3.0, 4.0]]
    b = x[:, 1:3:2]
    x[0, -1] = 2.5e-3
    x[a:b] = [i * .5 for i in range(4) if i % 2 == 0]
    k1, k2 = split(k)
    return sum(a @ b, axis=0, keepdims=False), (1,), ()
