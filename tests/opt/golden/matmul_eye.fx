# v @ eye(n) is v when n is v's extent (algebra.def's eye law; docs/opt.md says why it is
# exact): in main the product with eye(3) of a 3-vector vanishes, eye included.
# GOLDEN-FN: main
# IR: graph @main[].1()  # function at {file}:9:1
# IR:   %v.18 = make_tensor(1.0, 2.0, 3.0) : Tensor[f64, (3,)]  # 10:9
# IR:   %23 = print(%v.18, %v.18) : None              # 11:10
# IR:   return None
# EXPECT: [1.0, 2.0, 3.0] [1.0, 2.0, 3.0]
def main():
    v = [1.0, 2.0, 3.0]
    print(v @ eye(3), eye(3) @ v)
