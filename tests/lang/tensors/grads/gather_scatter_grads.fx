# Pins: derivatives through index arrays and masks: the adjoint of a gather is a scatter-add, so
# grad(lambda w: sum(w[idx] ** 2)) with repeated indices is NumPy's np.add.at of 2 w[idx]; masks,
# jvp, hessian, gradients through x.at[idx].add(v) and through None (a new axis). Expected output from NumPy.
# EXPECT: [2.0, 4.0, 18.0]
# EXPECT: [0.0, 12.0, 27.0]
# EXPECT: [[6.0, 0.0, 0.0], [0.0, 12.0, 0.0], [0.0, 0.0, 54.0]]
# EXPECT: [6.0, 6.0, 6.0]
# EXPECT: [[0.0, 0.0], [3.0, 3.0]]
# EXPECT: ([1.0, 3.0, 3.0, 2.0, 3.0], [1.0, 1.0, 1.0, 1.0, 1.0])
# EXPECT: [3.0, 3.0, 3.0] [0.0, 5.0, 6.0]
def main():
    w = [1.0, 2.0, 3.0]
    idx = [0, 2, 2, 1, 2]
    print(grad(lambda w: sum(w[idx] ** 2))(w))
    print(grad(lambda w: sum(w[w > 1.5] ** 3))(w))
    print(hessian(lambda w: sum(w[idx] ** 3))(w))
    print(grad(lambda v: sum(zeros(3).at[[0, 0, 2]].add(v) ** 2))(w))
    print(grad(lambda m: sum(m[[1, 1], :] * [[1.0], [2.0]]))(ones((2, 2))))
    print(jvp(lambda w: w[idx], (w,), (ones(3),)))
    z = zeros(3)
    z[None, 1:] = [[5.0, 6.0]]
    print(grad(lambda w: sum(w[None, :] * [[1.0], [2.0]]))(w), z)
