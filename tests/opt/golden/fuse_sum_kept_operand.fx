# Fusion (docs/opt.md "Fusion"): the gradient of log(sum(exp(x))) sums e = exp(x) and then scales
# it by 1 / sum. e is read by the sum and by the scaling, so it cannot join the sum's region as a
# value read only inside it; it joins as the kernel's second result instead: one loop computes
# exp, writes it and sums it (the kernel returns (sum, e)), and no exp runs outside a kernel.
# The scaling is e's last read, so native code scales e in place when nobody else holds it
# (codegen/elementwise_loops.cpp): no second tensor.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-COUNT: 1 = fused\(@fused\.\d+, %x\.\d+\) : \(f64, Tensor\[f64, \(4,\)\]\)
# IR-COUNT: 1 = tuple_get\(%\d+, 0\) : f64
# IR-COUNT: 1 = tuple_get\(%\d+, 1\) : Tensor\[f64, \(4,\)\]
# IR-NOT: = exp\(
# IR-NOT: = sum\(
# C-HAS: _o\[\w+\] = 
# C-COUNT: 1 ^\s*if \(fx_tensor_unique\(t_\d+\) && fx_f64_run_like\(t_\d+, t_\d+\)\) \{$
# EXPECT: [0.03205860328008499, 0.08714431874203256, 0.23688281808991013, 0.6439142598879724]
def log_sum_exp(x):
    return log(sum(exp(x)))

def main():
    x = arange(4) * 1.0
    print(grad(log_sum_exp)(x))
