# A loop that reads the clock keeps its loop-invariant work between the clock reads: it measures
# that work (bench/lib/timing.fx's loop, into which the inliner brings the timed function), and
# hoisting it would leave the timed region empty — the §A benchmarks' primal then timed at the
# clock's own cost (opt/hoist_loop_invariants.cpp). The same loop without the clock hoists it
# (tests/opt/golden/loop_invariant.fx).
# GOLDEN-FN: timed
# GOLDEN-GRAPH: timed
# IR-HAS: ^    %start\.\d+ = clock\(\) : f64
# IR-HAS: ^    %\d+ = log\(%\d+\) : f64
# IR-NOT: ^  %\d+ = exp\(
# IR-NOT: ^  %\d+ = log\(
# EXPECT: 1.0986122886681098
def work(x):
    return log(sum(exp(x)))

def timed(x, n: i64):
    total = 0.0
    out = 0.0
    for i in range(n):
        start = clock()
        out = work(x)
        total = total + (clock() - start)
    return out

def main():
    print(timed(zeros(3), 2))
