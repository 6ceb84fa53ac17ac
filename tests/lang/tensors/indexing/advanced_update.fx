# Pins: updates with index arrays and masks: `x[idx] = v` (a repeated index keeps the last
# value, as NumPy), `x[mask] = v`, and the functional x.at[idx].add(v) (every repeated index
# adds, as np.add.at) and x.at[idx].set(v). Expected output from NumPy.
# EXPECT: [1.0, 0.0, 1.0, 0.0, 0.0] [1.0, 0.0, 2.0, 0.0, 0.0]
# EXPECT: [[1.0, 32.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]
# EXPECT: [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
# EXPECT: [0.0, 7.0, 0.0] [1.0, 2.0, 3.0]
def main():
    x = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]
    y = zeros(5)
    y[[0, 2, 2]] = 1.0
    print(y, zeros(5).at[[0, 2, 2]].add(1.0))
    print(x.at[[0, 0], 1].add([10.0, 20.0]))
    q = x
    q[x > 6.0] = 0.0
    print(q)
    a = [1.0, 2.0, 3.0]
    print(zeros(3).at[[1]].set(7.0), a)
