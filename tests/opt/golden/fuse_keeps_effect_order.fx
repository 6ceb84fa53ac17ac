# Fusion (docs/opt.md "Fusion"): a kernel runs where its last operation was. x - y may fail
# (the extents of two parameters are not known to agree), so it does not move past the print;
# exp and the product by a number cannot fail and are fused after it.
# GOLDEN-FN: f
# IR: graph @f[Tensor[f64, 1],Tensor[f64, 1]].3(%x.25 : Tensor[f64, 1], %y.26 : Tensor[f64, 1])  # function at {file}:17:1
# IR:   %a.32 = sub(%x.25, %y.26) : Tensor[f64, 1]    # 18:11
# IR:   %33 = print("between") : None                 # 19:10
# IR:   %41 = fused(@fused.4, %a.32) : Tensor[f64, 1]  # 20:19
# IR:   return %41
# IR: 
# IR:   graph @fused.4(%a.36 : Tensor[f64, 1]) in @f[Tensor[f64, 1],Tensor[f64, 1]].3  # branch at {file}:20:19
# IR:     %37 = exp(%a.36) : Tensor[f64, 1]           # 20:15
# IR:     %38 = mul(%37, 2.0) : Tensor[f64, 1]        # 20:19
# IR:     return %38
# EXPECT: between
# EXPECT: [0.7357588823428847, 2.0]
def f(x, y):
    a = x - y
    print("between")
    return exp(a) * 2.0

def main():
    print(f([0.0, 1.0], [1.0, 1.0]))
