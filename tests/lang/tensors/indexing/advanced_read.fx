# Pins: NumPy's indexing beyond integers and slices: None (a new axis), an integer index array
# (a gather; with an integer beside it, or after a slice), a boolean mask. Expected output from
# NumPy (docs/tensors.md "Indexing").
# EXPECT: [[7.0, 8.0, 9.0], [1.0, 2.0, 3.0], [7.0, 8.0, 9.0]] [[7.0, 8.0, 9.0], [1.0, 2.0, 3.0], [7.0, 8.0, 9.0]]
# EXPECT: [[2.0, 1.0], [5.0, 4.0], [8.0, 7.0], [11.0, 10.0]]
# EXPECT: [6.0, 4.0] [[11.0, 12.0], [5.0, 6.0]]
# EXPECT: (1, 4, 3) (4, 1, 3) (1, 3, 1)
# EXPECT: [7.0, 8.0, 9.0, 10.0, 11.0, 12.0] [1.0, 3.0]
# EXPECT: [[1.0, 2.0, 3.0], [7.0, 8.0, 9.0]]
# EXPECT: [[10.0, 11.0], [12.0, 12.0]] [[0, 1], [2, 3]]
# EXPECT: (2, 3) [[12.0, 16.0, 20.0], [15.0, 19.0, 23.0]]
def main():
    x = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]
    idx = [2, 0, 2]
    print(x[idx], x[idx, :])
    print(x[:, [1, 0]])
    print(x[1, [2, 0]], x[[3, 1], 1:])
    print(x[None].shape, x[:, None].shape, x[None, 1, :, None].shape)
    v = [1.0, -2.0, 3.0]
    print(x[x > 6.0], v[v > 0.0])
    print(x[[True, False, True, False]])
    e = arange(12)
    i2: Tensor[i64, 2] = reshape(arange(4), (2, 2))
    print(x[-1, [[0, 1], [2, 2]]], e[i2])
    t = reshape(arange(24.0), (2, 3, 4))
    print(t[1, :, [0, 3]].shape, t[1, :, [0, 3]])
