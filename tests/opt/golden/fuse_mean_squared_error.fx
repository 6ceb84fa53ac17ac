# Fusion (docs/opt.md "Fusion"): a squared-error loss, mean((tanh(x) - y) ** 2), is one kernel
# ending in the mean: natively one loop, no tensor, the sum divided by the count as the runtime
# does it.
# GOLDEN-FN: loss
# IR: graph @loss[Tensor[f64, 1],Tensor[f64, 1]].3(%x.28 : Tensor[f64, 1], %y.29 : Tensor[f64, 1])  # function at {file}:16:1
# IR:   %47 = fused(@fused.4, %x.28, %y.29) : f64     # 17:16
# IR:   return %47
# IR: 
# IR:   graph @fused.4(%x.39 : Tensor[f64, 1], %y.40 : Tensor[f64, 1]) in @loss[Tensor[f64, 1],Tensor[f64, 1]].3  # branch at {file}:17:16
# IR:     %41 = tanh(%x.39) : Tensor[f64, 1]          # 17:22
# IR:     %42 = sub(%41, %y.40) : Tensor[f64, 1]      # 17:26
# IR:     %43 = pow(%42, 2) : Tensor[f64, 1]          # 17:31
# IR:     %44 = mean(%43, None, False) : f64          # 17:16
# IR:     return %44
# EXPECT: 0.2649573134717494
def loss(x, y):
    return mean((tanh(x) - y) ** 2)

def main():
    print(loss([0.5, -1.0, 2.0], [0.0, 0.0, 1.0]))
