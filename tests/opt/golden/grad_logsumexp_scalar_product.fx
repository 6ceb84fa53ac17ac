# The gradient of LogSumExp (bench/overhead/logsumexp.fx): sum's rule gives the cotangent
# 1 / sum(exp(x)) at every element, expand_reduced(s, x, None, False), and log's and exp's
# rules multiply exp(x) by it. exp(x) has x's shape, so that product is exp(x) times the
# number s (shaped_identities.cpp): no tensor filled with s is made and read back, and the
# gradient is exp, sum and one product, inlined into main (bench/SHORTFALLS.md, LogSumExp).
# exp and sum are one kernel that returns both (fuse_sum_kept_operand.fx).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-NOT: expand_reduced\(
# IR-COUNT: 1 = fused\(@fused\.\d+, %\d+\) : \(f64, Tensor\[f64, \(5,\)\]\)
# IR-NOT: = exp\(
# IR-NOT: = sum\(
# IR-COUNT: 1 = mul\(%\d+, %\d+\) : Tensor
# EXPECT: [0.002134791812477894, 0.015774096461937, 0.11655568366719597, 0.861236485266126, 0.004298942792263165]
def log_sum_exp(x):
    return log(sum(exp(x)))

def main():
    x = 1.0 * arange(arg(0, 4)) + [0.0, 1.0, 2.0, 3.0]
    print(grad(log_sum_exp)(concat((x, [0.7]))))
