# Fusion (docs/opt.md "Fusion"): a producer read twice (t, by the product and by the sum) is
# not fused into either reader, so nothing is computed twice; the product and the sum it is
# added to (a number) are still one kernel, and the sum of t alone is a kernel of its own (the
# runtime's pairwise summation as one loop in native code).
# GOLDEN-FN: f
# IR: graph @f[Tensor[f64, 1]].3(%x.21 : Tensor[f64, 1])  # function at {file}:21:1
# IR:   %t.26 = exp(%x.21) : Tensor[f64, 1]           # 22:12
# IR:   %41 = fused(@fused.5, %t.26) : f64            # 23:25
# IR:   %36 = fused(@fused.4, %t.26, %41) : Tensor[f64, 1]  # 23:20
# IR:   return %36
# IR: 
# IR:   graph @fused.4(%t.30 : Tensor[f64, 1], %in.31 : f64) in @f[Tensor[f64, 1]].3  # branch at {file}:23:20
# IR:     %32 = mul(%t.30, 2.0) : Tensor[f64, 1]      # 23:14
# IR:     %33 = add(%32, %in.31) : Tensor[f64, 1]     # 23:20
# IR:     return %33
# IR: 
# IR:   graph @fused.5(%t.37 : Tensor[f64, 1]) in @f[Tensor[f64, 1]].3  # branch at {file}:23:25
# IR:     %38 = sum(%t.37, None, False) : f64         # 23:25
# IR:     return %38
# EXPECT: [5.718281828459045, 9.154845485377136]
def f(x):
    t = exp(x)
    return t * 2.0 + sum(t)

def main():
    print(f([0.0, 1.0]))
