# transpose(transpose(M)) is M (dF~ §5, algebra.def's involution law): the two transposes go,
# the entry check of M's declared rank stays (it is the program's run-time check).
# GOLDEN-FN: tt
# IR: graph @tt[Tensor[f64, 2]].2(%m.29 : Tensor[f64, 2])  # function at {file}:10:1
# IR:   %30 = get_attr(%m.29, "ndim") : i64           # 10:11
# IR:   %31 = eq(%30, 2) : bool                       # 10:11
# IR:   %32 = assert(%31, "argument 'm' is declared Tensor[f64, 2], found a tensor of another rank") : None  # 10:11
# IR:   return %m.29
# EXPECT: [[1.0, 2.0], [3.0, 4.0]]
def tt(m: Tensor[f64, 2]):
    return transpose(transpose(m))

def main():
    print(tt([[1.0, 2.0], [3.0, 4.0]]))
