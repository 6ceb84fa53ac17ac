# v @ eye(len(v)) is v for a vector of any length. The eye itself stays: built from a run-time
# length it could be too large to allocate, an error the program would report (removable.cpp).
# GOLDEN-FN: ve
# IR: graph @ve[Tensor[f64, 1]].2(%v.26 : Tensor[f64, 1])  # function at {file}:12:1
# IR:   %27 = get_attr(%v.26, "ndim") : i64           # 12:11
# IR:   %28 = eq(%27, 1) : bool                       # 12:11
# IR:   %29 = assert(%28, "argument 'v' is declared Tensor[f64, 1], found a tensor of another rank") : None  # 12:11
# IR:   %30 = len(%v.26) : i64                        # 13:23
# IR:   %31 = eye(%30) : Tensor[f64, 2]               # 13:19
# IR:   return %v.26
# EXPECT: [1.0, 2.0, 3.0]
def ve(v: Tensor[f64, 1]):
    return v @ eye(len(v))

def main():
    print(ve([1.0, 2.0, 3.0]))
