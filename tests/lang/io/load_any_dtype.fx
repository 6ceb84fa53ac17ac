# Pins: load reads .npy files of f64, f32, i64, bool, and the narrower integers (i32, u8) as i64;
# the element type comes from the variable's annotation or from dtype=, and a .npz entry of i32
# fills an i64 field. Paths are built with + and f-strings. Files: data/make_data.py (NumPy).
# EXPECT: [3, 0, -2, 2147483647] (4,) 2147483648
# EXPECT: [[1, -2], [3, 1099511627776]]
# EXPECT: [0, 200, 255]
# EXPECT: [[0.5, -3.0], [1.25, 2.0]] 0.75
# EXPECT: [True, False, True]
# EXPECT: [10.0, 20.0, 30.0, 40.0]
# EXPECT: Mixed(idx=[1, 0, 1], w=[0.5, 1.5])
struct Mixed:
    idx: Tensor[i64, 1]
    w: Tensor[f64, 1]

def main():
    d = "lang/io/data"
    idx: Tensor[i64, 1] = load(d + "/i32.npy")
    print(idx, idx.shape, idx[3] + 1)
    m: Tensor[i64] = load(f"{d}/i64.npy")
    print(m)
    print(load(d + "/u8.npy", dtype=i64))
    f: Tensor[f32, 2] = load(d + "/f32.npy")
    print(f, f[0, 0] + f[1, 0] - 1.0)
    b = load(d + "/bool.npy", dtype=bool)
    print(b)
    print(load(d + "/f64.npy"))
    print(load(d + "/mixed.npz", Mixed(idx=astype(zeros(3), i64), w=zeros(2))))
