"""§E of BENCHMARKS.md, limits and latency, measured in the same run as the rest:
  * the machine's OpenBLAS dgemm rate on one thread (bench/peers/cpp/dgemm_rate.cpp, the best
    of its sizes), and the share of it that the matrix-heavy steps reach: the MLP at batch 100
    (§A's mlp_b100 row, primal and gradient) and the CNN at batch 100 (§D's cnn-b100 row), their
    multiply-adds counted from the models' shapes below; goal at least 60%;
  * compile latency (bench/native/jit.py): a cold compile of a 100-line program (goal <= 1 s) and
    what a cache hit adds to running the cached code (goal <= 50 ms), and showcase.fx beside it;
  * derivative compile time and code size against program size: a chain of K functions whose
    composition main differentiates (grad), for K = 10, 20, 40, 80; `fluxion emit-c` CPU time (the
    whole pipeline but the C compiler; CPU time, which other work on the machine disturbs less
    than wall time) and C text size per doubling of K (linear growth: 2)."""
import os
import resource
import subprocess
import sys
import tempfile

from . import runner, workloads
from .workloads import ROOT

sys.path.insert(0, os.path.join(ROOT, "bench", "native"))
import jit  # noqa: E402  (bench/native/jit.py)

SHARE_GOAL = 0.6
CHAIN_SIZES = (10, 20, 40, 80)


def dgemm_rate():
    """GFLOP/s: the best of dgemm_rate's sizes."""
    out = subprocess.run([workloads.cpp("dgemm_rate")], capture_output=True, text=True, check=True,
                         env=dict(os.environ, OPENBLAS_NUM_THREADS="1")).stdout
    rates = {int(line.split()[1]): float(line.split()[2]) for line in out.splitlines() if line.startswith("dgemm ")}
    return max(rates.values()), rates


def mlp_flops(batch, derivative):
    """bench/overhead/mlp.fx: x (batch, 784) @ w1ᵀ (784, 32), h @ w2ᵀ (32, 10); the gradient adds
    the weights' products (dw1, dw2) and h's cotangent (not x's: x is not differentiated)."""
    forward = 2 * batch * (784 * 32 + 32 * 10)
    return forward + (2 * batch * (784 * 32 + 32 * 10) + 2 * batch * 32 * 10 if derivative else 0)


def cnn_flops_per_image():
    """The seed CNN (bench/seed/cnn.fx): conv 5x5 1->10 (24x24 out), conv 5x5 10->20 (8x8 out), fc
    320->50, fc 50->10; a training step does the forward products, the weights' products and the
    inputs' products of every layer but the first (pooling, relu and softmax are not counted)."""
    layers = [24 * 24 * 10 * 25 * 1, 8 * 8 * 20 * 25 * 10, 320 * 50, 50 * 10]  # multiply-adds
    return 2 * (2 * sum(layers) + sum(layers[1:]))


def matrix_shares(rate, rows, seed_rows):
    """The matrix-heavy steps' GFLOP/s and share of the dgemm rate, from the run's own rows."""
    shares = []
    for r in rows:
        if r["name"] == "mlp_b100" and "error" not in r:
            for key, derivative in (("primal", False), ("derivative", True)):
                gflops = mlp_flops(100, derivative) / r["fluxion"][key] / 1e9
                shares.append({"name": "MLP batch 100, %s (§A)" % ("gradient" if derivative else "primal"),
                               "engine": r.get("engine"), "gflops": gflops, "share": gflops / rate})
    for r in seed_rows:
        if r["name"] == "cnn-b100" and "error" not in r:
            steps = int(r["unit"].split("(")[1].split()[0])  # "epoch (600 steps)"
            gflops = cnn_flops_per_image() * 100 * steps / r["fluxion_per_unit"] / 1e9
            shares.append({"name": "CNN batch 100, training step (§D; dropout's own work not counted)",
                           "engine": r.get("engine"), "gflops": gflops, "share": gflops / rate})
    return shares


def chain_program(k):
    """K small functions, each applied to the last one's result; main differentiates the chain."""
    lines = []
    for i in range(k):
        lines += ["def f%d(x):" % i, "    y = sin(x) * %d.5 + x * x" % (i % 7), "    return tanh(y) + 0.1 * x", ""]
    body = "x"
    for i in range(k):
        body = "f%d(%s)" % (i, body)
    lines += ["def chain(x):", "    return " + body, "", "def main():", "    print(grad(chain)(0.3))"]
    return "\n".join(lines) + "\n"


def derivative_growth(fluxion):
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in CHAIN_SIZES:
            path = os.path.join(tmp, "chain%d.fx" % k)
            with open(path, "w") as f:
                f.write(chain_program(k))
            best, size = None, 0
            for _ in range(3):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                p = subprocess.run([fluxion, "emit-c", path], capture_output=True, text=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                elapsed = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
                if p.returncode != 0:
                    raise runner.RunError("emit-c of a chain of %d functions failed: %s" % (k, p.stderr.strip()[:300]))
                best, size = min(best or elapsed, elapsed), len(p.stdout)
            rows.append({"k": k, "seconds": best, "c_bytes": size})
    return rows


def compile_latency(fluxion):
    with tempfile.TemporaryDirectory() as tmp:
        return jit.latencies(fluxion, tmp, repeat=3)


def run_limits(fluxion, rows, seed_rows):
    rate, rates = dgemm_rate()
    return {"dgemm_gflops": rate, "dgemm_by_size": rates, "shares": matrix_shares(rate, rows, seed_rows),
            "latency": compile_latency(fluxion), "growth": derivative_growth(fluxion)}


def table(limits, fmt_time):
    lines = ["OpenBLAS dgemm on one thread: %.3g GFLOP/s (the best of %s)." %
             (limits["dgemm_gflops"], ", ".join("n=%d %.3g" % kv for kv in sorted(limits["dgemm_by_size"].items()))), "",
             "| matrix-heavy step | Fluxion engine | GFLOP/s | share of dgemm's rate | goal | |", "|---|---|---|---|---|---|"]
    for s in limits["shares"]:
        lines.append("| %s | %s | %.3g | %.0f%% | ≥ %.0f%% | %s |" %
                     (s["name"], s.get("engine") or "–", s["gflops"], 100 * s["share"], 100 * SHARE_GOAL,
                      "met" if s["share"] >= SHARE_GOAL else "not met (%.2f× short)" % (SHARE_GOAL / s["share"])))
    if not limits["shares"]:
        lines.append("| (the §A mlp_b100 and §D cnn-b100 rows were not part of this run) | | | | | |")
    lines += ["", "| compile latency | wall | CPU | goal | |", "|---|---|---|---|---|"]
    for name, t in limits["latency"].items():
        hit = t["hit"][0] - t["alone"][0]
        lines.append("| %s: cold compile and run (`--no-cache`) | %.0f ms | %.0f ms | ≤ %g ms | %s |" %
                     (name, t["cold"][0], t["cold"][1], jit.COLD_COMPILE_GOAL_MS, jit.verdict(t["cold"][0], jit.COLD_COMPILE_GOAL_MS)))
        lines.append("| %s: what a cache hit adds to the cached code alone (%.1f ms) | %.1f ms | %.1f ms | ≤ %g ms | %s |" %
                     (name, t["alone"][0], hit, t["hit"][1] - t["alone"][1], jit.CACHE_HIT_GOAL_MS,
                      jit.verdict(hit, jit.CACHE_HIT_GOAL_MS)))
    growth = limits["growth"]
    lines += ["", "| functions in the differentiated chain | `fluxion emit-c` (CPU) | C text | time ÷ previous | size ÷ previous |",
              "|---|---|---|---|---|"]
    for prev, g in zip([None] + growth[:-1], growth):
        lines.append("| %d | %s | %d kB | %s | %s |" %
                     (g["k"], fmt_time(g["seconds"]), g["c_bytes"] // 1000,
                      "%.2f" % (g["seconds"] / prev["seconds"]) if prev else "–",
                      "%.2f" % (g["c_bytes"] / prev["c_bytes"]) if prev else "–"))
    lines += ["", "Each row doubles the program: linear growth is 2 per row (goal: derivative compile time and code "
              "size grow linearly with program size)."]
    return lines
