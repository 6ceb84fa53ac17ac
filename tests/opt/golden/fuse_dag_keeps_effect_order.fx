# Fusion (docs/opt.md "Fusion", "Order") of a DAG: a = x - y is read by exp and by the product,
# both in the region, so it joins it; but it may fail (the extents of two parameters are not
# known to agree) and the print lies between it and the root, so it leaves the region again and
# stays before the print, an input the kernel reads twice. u = exp(a), read twice, is fused.
# GOLDEN-FN: f
# IR: graph @f[Tensor[f64, 1],Tensor[f64, 1]].3(%x.26 : Tensor[f64, 1], %y.27 : Tensor[f64, 1])  # function at {file}:19:1
# IR:   %a.33 = sub(%x.26, %y.27) : Tensor[f64, 1]    # 20:11
# IR:   %34 = print("between") : None                 # 21:10
# IR:   %44 = fused(@fused.4, %a.33) : Tensor[f64, 1]  # 23:18
# IR:   return %44
# IR: 
# IR:   graph @fused.4(%a.38 : Tensor[f64, 1]) in @f[Tensor[f64, 1],Tensor[f64, 1]].3  # branch at {file}:23:18
# IR:     %u.39 = exp(%a.38) : Tensor[f64, 1]         # 22:12
# IR:     %40 = mul(%u.39, %a.38) : Tensor[f64, 1]    # 23:14
# IR:     %41 = add(%40, %u.39) : Tensor[f64, 1]      # 23:18
# IR:     return %41
# EXPECT: between
# EXPECT: [0.0, 1.0]
def f(x, y):
    a = x - y
    print("between")
    u = exp(a)
    return u * a + u

def main():
    print(f([0.0, 1.0], [1.0, 1.0]))
