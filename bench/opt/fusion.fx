# The fusion pass (docs/opt.md "Fusion"): elementwise chains over f64 tensors of N elements,
# and the sums they feed, each repeated R times; prints the seconds per evaluation of each
# (clock(); not a timed test). Compare natively with and without the optimiser, after one run
# to fill the compile cache:
#   fluxion run bench/opt/fusion.fx [N [R]]       fluxion run --opt=0 bench/opt/fusion.fx [N [R]]
def lse_part(x, m):
    return sum(exp(x - m))

def chain(x, y, m):
    return exp(x - m) * y

def squared_error(x, y):
    return sum((tanh(x) - y) ** 2)

def main():
    n = arg(0, 1000000)
    repeats = arg(1, 20)
    x = [float(i % 1000) / 1000.0 for i in range(n)]
    y = [float(i % 7) / 7.0 for i in range(n)]
    total = 0.0
    start = clock()
    for r in range(repeats):
        total = total + lse_part(x, 0.5)
    t_lse = (clock() - start) / float(repeats)
    start = clock()
    for r in range(repeats):
        total = total + chain(x, y, 0.5)[r]
    t_chain = (clock() - start) / float(repeats)
    start = clock()
    for r in range(repeats):
        total = total + squared_error(x, y)
    t_se = (clock() - start) / float(repeats)
    print("checksum", total)
    print("sum(exp(x - m))        s/eval", t_lse)
    print("exp(x - m) * y         s/eval", t_chain)
    print("sum((tanh(x) - y)**2)  s/eval", t_se)
