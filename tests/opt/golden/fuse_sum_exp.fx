# Fusion (docs/opt.md "Fusion"): sum(exp(x - m)) becomes one kernel ending in the sum, so
# native code runs one loop into a scalar accumulator and allocates no tensor
# (tests/unit/codegen_tensor_test.cpp counts the bytes).
# GOLDEN-FN: lse_part
# IR: graph @lse_part[Tensor[f64, 1],f64].3(%x.22 : Tensor[f64, 1], %m.23 : f64)  # function at {file}:15:1
# IR:   %38 = fused(@fused.4, %x.22, %m.23) : f64     # 16:15
# IR:   return %38
# IR: 
# IR:   graph @fused.4(%x.31 : Tensor[f64, 1], %m.32 : f64) in @lse_part[Tensor[f64, 1],f64].3  # branch at {file}:16:15
# IR:     %33 = sub(%x.31, %m.32) : Tensor[f64, 1]    # 16:22
# IR:     %34 = exp(%33) : Tensor[f64, 1]             # 16:19
# IR:     %35 = sum(%34, None, False) : f64           # 16:15
# IR:     return %35
# EXPECT: 11.475217368561138
def lse_part(x, m):
    return sum(exp(x - m))

def main():
    print(lse_part([1.0, 2.0, 3.0, 4.0], 2.0))
