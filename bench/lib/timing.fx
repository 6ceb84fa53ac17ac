# Timing a computation from inside the program, as GradBench's protocol and the bench harness
# ask: run it at least `min_runs` times and until the measured time adds up to `min_seconds`,
# printing one `timing LABEL SECONDS` line per run (the harness reads them; warm-up runs are its
# choice, not hidden here). Only the call of `f` is inside the timed region.

# f: a function of no arguments. Returns the output of the last run.
def time_runs(label: str, f, min_runs: i64, min_seconds: f64):
    start = clock()
    out = f()
    elapsed = clock() - start
    print("timing", label, elapsed)
    runs = 1
    total = elapsed
    while runs < min_runs or total < min_seconds:
        start = clock()
        out = f()
        elapsed = clock() - start
        print("timing", label, elapsed)
        runs += 1
        total += elapsed
    return out

# Two computations timed in alternation, one run of each per round, until each has run at least
# `min_runs` times and each's runs add up to `min_seconds`: `timing LABEL_A` and `timing LABEL_B`
# lines interleaved. A ratio of their medians (derivative ÷ primal) then compares runs made in
# the same stretch of time: on the bench VM, code runs up to 1.5x slower for some tenths of a
# second and then fast again (bench/SHORTFALLS.md, Loop), so timing all runs of one before all
# runs of the other measures the machine as much as the code. Returns (output of a, output of b).
def time_pair(label_a: str, a, label_b: str, b, min_runs: i64, min_seconds: f64):
    start = clock()
    out_a = a()
    elapsed_a = clock() - start
    print("timing", label_a, elapsed_a)
    start = clock()
    out_b = b()
    elapsed_b = clock() - start
    print("timing", label_b, elapsed_b)
    runs = 1
    total_a = elapsed_a
    total_b = elapsed_b
    while runs < min_runs or total_a < min_seconds or total_b < min_seconds:
        start = clock()
        out_a = a()
        elapsed_a = clock() - start
        print("timing", label_a, elapsed_a)
        start = clock()
        out_b = b()
        elapsed_b = clock() - start
        print("timing", label_b, elapsed_b)
        runs += 1
        total_a += elapsed_a
        total_b += elapsed_b
    return (out_a, out_b)
