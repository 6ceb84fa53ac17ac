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
