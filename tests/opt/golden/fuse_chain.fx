# Fusion (docs/opt.md "Fusion"): the elementwise chain exp(x - m) * y becomes one kernel (one
# loop and one output tensor natively); a scalar operand is a kernel input like the tensors.
# The second call broadcasts y: native code then runs the kernel unfused, with the same values.
# GOLDEN-FN: chain
# IR: graph @chain[Tensor[f64, 1],Tensor[f64, 1],f64].3(%x.38 : Tensor[f64, 1], %y.39 : Tensor[f64, 1], %m.40 : f64)  # function at {file}:16:1
# IR:   %62 = fused(@fused.4, %x.38, %m.40, %y.39) : Tensor[f64, 1]  # 17:23
# IR:   return %62
# IR: 
# IR:   graph @fused.4(%x.54 : Tensor[f64, 1], %m.55 : f64, %y.56 : Tensor[f64, 1]) in @chain[Tensor[f64, 1],Tensor[f64, 1],f64].3  # branch at {file}:17:23
# IR:     %57 = sub(%x.54, %m.55) : Tensor[f64, 1]    # 17:18
# IR:     %58 = exp(%57) : Tensor[f64, 1]             # 17:15
# IR:     %59 = mul(%58, %y.56) : Tensor[f64, 1]      # 17:23
# IR:     return %59
# EXPECT: [0.3032653298563167, 3.2974425414002564, 4.4816890703380645]
# EXPECT: [1.2130613194252668, 3.2974425414002564, 8.963378140676129]
def chain(x, y, m):
    return exp(x - m) * y

def main():
    print(chain([1.0, 2.0, 3.0], [0.5, 2.0, 1.0], 1.5))
    print(chain([1.0, 2.0, 3.0], [2.0], 1.5))
