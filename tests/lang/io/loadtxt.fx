# Pins: loadtxt(path, skiprows=0, delimiter=None) reads a rectangular text table as NumPy's
# loadtxt: `#` comments and blank lines skipped, whitespace or a delimiter between fields, a
# single row or column squeezed to 1-D; read_numbers(path) reads every number of a ragged file
# as one 1-D tensor (NumPy's fromfile(path, sep=" ")). Expected output from NumPy.
# EXPECT: [[1.0, 2.0, 3.0], [4.0, -55.0, 6.0], [7.25, 8.0, inf]] (3, 3)
# EXPECT: [[1.5, 2.0, 3.0], [-4.0, 0.005, 6.0]]
# EXPECT: [1.0, 2.0, 3.0]
# EXPECT: [2.0, 3.0, 1.0, -0.5, 1000.0, 7.0, 8.0, 9.0, 10.0, 1.5] 10
# EXPECT: 2 3
def main():
    d = "lang/io/data/"
    t: Tensor[f64, 2] = loadtxt(d + "table.txt")
    print(t, t.shape)
    print(loadtxt(d + "table.csv", skiprows=1, delimiter=","))
    print(loadtxt(d + "column.txt"))
    v = read_numbers(d + "ragged.txt")
    print(v, len(v))
    print(int(v[0]), int(v[1]))
