# Pins: a struct field declared Tensor[T, r] accepts a tensor of unknown rank (from load,
# loadtxt) and checks its rank when the struct is built, as annotated variables and parameters
# do; the field then has its declared rank (.shape works).
# EXPECT: (3, 3) 3 2147483647
# EXPECT: 8.0
struct Data:
    m: Tensor[f64, 2]
    idx: Tensor[i64, 1]

def main():
    p = "lang/io/data/"
    d = Data(m=loadtxt(p + "table.txt"), idx=load(p + "i32.npy", dtype=i64))
    print(d.m.shape, d.idx[0], d.idx[len(d.idx) - 1])
    print(d.m[d.idx[0] - 1, 1])
