# Fusion (docs/opt.md "Fusion"): u = exp(x) has two readers, the product and the sum, both in
# the region, so it joins the kernel too: one loop computes exp once per element into a local
# that both read (the region is a DAG, not a tree). Before, exp stayed its own tensor outside.
# The second call broadcasts y: native code then runs the kernel unfused, with the same values.
# GOLDEN-FN: f
# IR: graph @f[Tensor[f64, 1],Tensor[f64, 1]].3(%x.32 : Tensor[f64, 1], %y.33 : Tensor[f64, 1])  # function at {file}:18:1
# IR:   %54 = fused(@fused.4, %x.32, %y.33) : Tensor[f64, 1]  # 20:18
# IR:   return %54
# IR: 
# IR:   graph @fused.4(%x.47 : Tensor[f64, 1], %y.48 : Tensor[f64, 1]) in @f[Tensor[f64, 1],Tensor[f64, 1]].3  # branch at {file}:20:18
# IR:     %u.49 = exp(%x.47) : Tensor[f64, 1]         # 19:12
# IR:     %50 = mul(%u.49, %y.48) : Tensor[f64, 1]    # 20:14
# IR:     %51 = add(%50, %u.49) : Tensor[f64, 1]      # 20:18
# IR:     return %51
# C-HAS: const double (\w+_e\d+) = exp\(\w+\[\w+\]\);\n\s*const double (\w+_e\d+) = \(\1 \* \w+\[\w+\]\);\n\s*const double \w+_e\d+ = \(\2 \+ \1\);
# EXPECT: [3.0, 10.87312731383618]
# EXPECT: [3.0, 8.154845485377136]
def f(x, y):
    u = exp(x)
    return u * y + u

def main():
    print(f([0.0, 1.0], [2.0, 3.0]))
    print(f([0.0, 1.0], [2.0]))
