# Fusion (docs/opt.md "Fusion") of bench/overhead/per_op_tensor.fx's chain: every value is the
# previous two combined (a[k+2] = a[k+1] OP a[k]), so every value has two readers and no region
# of single-reader producers has more than two operations. All readers lie in one region, so
# the whole chain is one kernel, each value a local of the loop computed once. The gradient
# (built before fusion, fused over the expanded program) must give what the interpreter and
# --opt=0 give.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: chain
# IR-COUNT: 1 = fused\(
# IR-NOT: = (mul|sub|div|add)\(
# C-HAS: const double (\w+_e\d+) = \(\w+\[\w+\] \* \w+\[\w+\]\);\n\s*const double (\w+_e\d+) = \(\1 - \w+\[\w+\]\);\n\s*const double (\w+_e\d+) = \(\2 / \1\);\n\s*const double (\w+_e\d+) = \(\3 \+ \2\);\n\s*const double (\w+_e\d+) = \(\4 \* \3\);\n\s*const double \w+_e\d+ = \(\5 - \4\);
# EXPECT: [2.75, 2.75, 2.75]
# EXPECT: [-15.0, -15.0, -15.0]
def chain(a0, a1):
    a2 = a1 * a0
    a3 = a2 - a1
    a4 = a3 / a2
    a5 = a4 + a3
    a6 = a5 * a4
    a7 = a6 - a5
    return a7

def main():
    x = full((3,), 0.5 + 0.0 * arg(0, 0.0))
    b = full((3,), 0.75)
    print(chain(x, b))
    print(grad(lambda x: sum(chain(x, b)))(x))
