"""Writing a run's results: bench/results/latest.json, bench/RESULTS.md (every ratio beside
its goal from BENCHMARKS.md, met or not and by how much) and PNG plots with matplotlib."""
import json
import math
import os

from . import dff, gradbench, limits, per_op, plots
from .workloads import ROOT

PEER_ORDER = ["c++", "adol-c", "pytorch"]
SECTION_TITLES = {"A": "§A Overhead-bound workloads (gradient ÷ primal, both in Fluxion)",
                  "B": "§B ADBench (derivative ÷ objective)"}
# What this harness does not measure yet, and why (BENCHMARKS.md §C-§F).
NOT_MEASURED = [
    ("§D the share of the FLOP-rate bound of min-char-rnn, LSTM, TreeLSTM and the CNN at batch 1", "needs a "
     "FLOP count per step of each (§E below counts the CNN at batch 100 and the MLP)"),
    ("§F GradBench on the nightly's default workloads", "needs GradBench's eval programs, which generate "
     "them; the golden examples are run above"),
]


def fmt_time(seconds):
    if seconds is None:
        return "–"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds / 1e-9)


def fmt_ratio(r):
    return "–" if r is None else "%.3g" % r


def verdict(ratio, goal):
    if ratio is None or not goal:   # a row shown for comparison, without a goal
        return "–"
    if ratio <= goal:
        return "met"
    return "not met (%.3g× the goal)" % (ratio / goal)


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def write_json(run, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(run, f, indent=1)


def engine_cell(r):
    """Which engine ran Fluxion's side of a row: native, or the interpreter with a pointer to its
    reason (engine_notes lists them under the table)."""
    engine = r.get("engine")
    return "interpreter (*)" if engine == "interpreter" else (engine or "–")


def engine_notes(rows):
    """(*) lines: each row the native back end declined, with its located reason."""
    notes = []
    for r in rows:
        if r.get("engine") == "interpreter":
            reason = r.get("engine_reason", "no reason recorded").replace(ROOT + os.sep, "")
            notes.append("- (*) %s ran in the interpreter: `--native` stopped with `%s`" % (r["name"], reason))
    return notes


def section_table(rows):
    peers = [p for p in PEER_ORDER if any(p in r.get("peers", {}) for r in rows)]
    head = ["workload", "Fluxion engine", "check (max rel. err. vs peers)", "Fluxion P", "Fluxion D", "Fluxion D/P", "goal", "",
            "Fluxion P ÷ C++ P", "Fluxion D ÷ C++ D"] + ["%s P / D (D/P)" % p for p in peers]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        if "error" in r:
            lines.append("| %s | %s | **failed**: %s |" % (r["name"], engine_cell(r), r["error"].replace("\n", " ")[:300])
                         + " |" * (len(head) - 3))
            continue
        fx = r["fluxion"]
        cpp = r["peers"].get("c++")
        cells = [r["name"], engine_cell(r), "%.1e" % r["check"] if r["peers"] else "no peer", fmt_time(fx["primal"]), fmt_time(fx["derivative"]),
                 fmt_ratio(fx["ratio"]), "≤ %g" % r["goal"] if r["goal"] else "–", verdict(fx["ratio"], r["goal"]),
                 fmt_ratio(fx["primal"] / cpp["primal"]) if cpp else "–",
                 fmt_ratio(fx["derivative"] / cpp["derivative"]) if cpp else "–"]
        for p in peers:
            t = r["peers"].get(p)
            cells.append("%s / %s (%s)" % (fmt_time(t["primal"]), fmt_time(t["derivative"]), fmt_ratio(t["ratio"]))
                         if t else "–")
        lines.append("| " + " | ".join(cells) + " |")
    notes = engine_notes(rows)
    return lines + ([""] + notes if notes else [])


def seed_table(rows):
    lines = ["| model | Fluxion engine | steps timed | Fluxion per unit | PyTorch per unit | unit | PyTorch ÷ Fluxion | goal | | "
             "check: largest relative difference of the first losses (≤ 1e-8 before timing) | "
             "steps whose losses agree to 1e-8 |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            lines.append("| %s | – | **failed, not timed**: %s | | | | | | | | |" % (r["name"], r["error"].replace("\n", " ")[:300]))
            continue
        speedup_verdict = "met" if r["speedup"] >= r["goal"] else "not met (%.3g× short)" % (r["goal"] / r["speedup"])
        lines.append("| %s | %s | %d | %s | %s | %s | %.3g | ≥ %g | %s | %.1e over %d steps | %d of %d, %s |" % (
            r["name"], engine_cell(r), r["steps"], fmt_time(r["fluxion_per_unit"]), fmt_time(r["pytorch_per_unit"]), r["unit"],
            r["speedup"], r["goal"], speedup_verdict, r["check_max_diff"], r["check_steps"], r["agree_steps"],
            r["curve_steps"], r["curve_from"]))
    parted = ["%s after step %d" % (r["name"], r["agree_steps"]) for r in rows
              if "error" not in r and r["agree_steps"] < r["curve_steps"]]
    lines += ["", "Times per unit are the timed run's training loop scaled from the steps timed (reading "
              "the data and compiling are outside it). The CNN is timed with dropout 0.5, as the model "
              "is; its losses are compared on a run without dropout, since the two sides draw their masks "
              "from different generators."]
    if parted:
        lines[-1] += (" Curves that part after the check (%s) start from differences of rounding (~1e-15) "
                      "that the training amplifies step by step until they reach the curve's own noise; "
                      "the plots below show the relative difference per step." % ", ".join(parted))
    notes = engine_notes(rows)
    return lines + ([""] + notes if notes else [])


def group_lines(rows):
    lines = []
    for group in sorted({r["group"] for r in rows if r.get("group")}):
        members = [r for r in rows if r.get("group") == group and "error" not in r]
        gm = geometric_mean([r["fluxion"]["ratio"] for r in members])
        if gm is not None:
            goal = members[0]["group_goal"]
            lines.append("- %s: geometric mean of Fluxion's D/P over %d sizes %.3g, goal ≤ %g: %s" %
                         (group, len(members), gm, goal, verdict(gm, goal)))
    return lines


def write_markdown(run, path):
    lines = ["# Benchmark results", "",
             "Written by `bench/run.py` (`make bench` / `make bench-quick`); see `bench/README.md`. "
             "Do not edit by hand.", "",
             "- date: %s" % run["date"], "- machine: %s" % run["machine"]]
    if run.get("load_average"):
        lines.append("- load: the 1-minute load average was %.2f when the run started and %.2f when it ended "
                     "(other work shares the machine; timings move with its load)" %
                     (run["load_average"]["start"], run["load_average"]["end"]))
    lines += ["- Fluxion: %s, `fluxion run` — %s" % (run["fluxion_version"], run["fluxion_mode"]),
              "- mode: %s (%d timed runs at least after one warm-up run, and at least %g s; medians)" %
              (run["mode"], run["min_runs"] - 1, run["min_seconds"]),
              "- compile times (apart from the timings): %s" %
              ", ".join("%s %s" % (k, fmt_time(v)) for k, v in sorted(run["compile_seconds"].items())),
              "- P: primal (objective) time, D: derivative time (gradient, or the Jacobian for BA); every "
              "implementation's outputs were compared with Fluxion's (|a−b| / max(1, |a|+|b|) ≤ 1e-8) "
              "before anything was timed.",
              "- missed goals: [SHORTFALLS.md](SHORTFALLS.md) explains each from a profile, with the change "
              "that would close it", ""]
    for section in ("A", "B"):
        rows = [r for r in run["workloads"] if r["section"] == section]
        if rows:
            lines += ["## " + SECTION_TITLES[section], ""] + section_table(rows) + [""] + group_lines(rows) + [""]
    if run.get("per_op"):
        lines += ["## §A Per-operation overhead of an adjoint", ""] + per_op.table(run["per_op"]) + [""]
    if run.get("micro"):
        lines += ["## §C dF~ micro-benchmarks: forward mode (jacfwd) against reverse mode (jacrev), in Fluxion", ""] + \
            dff.table(run["micro"], fmt_time) + [""]
    if run.get("dff_apps"):
        lines += ["## §C dF~ applications: NNMF and the BA projection, forward mode against reverse mode, in Fluxion",
                  ""] + dff.apps_table(run["dff_apps"], fmt_time) + [""]
    if run.get("seed"):
        lines += ["## §D Seed models, Fluxion and PyTorch from the same initial weights and data order (float64)", ""] + \
            seed_table(run["seed"]) + [""]
    if run.get("gradbench"):
        lines += ["## §F GradBench: the tool on the golden examples", ""] + gradbench.table(run["gradbench"], fmt_time) + [""]
    if run.get("limits"):
        lines += ["## §E Limits and latency", ""]
        lines += (["**failed**: %s" % run["limits"]["error"][:300]] if "error" in run["limits"]
                  else limits.table(run["limits"], fmt_time)) + [""]
    lines += ["## Not measured by this run", ""] + ["- %s: %s" % item for item in NOT_MEASURED] + [""]
    if run.get("plots"):
        lines += ["## Plots", ""] + ["![%s](%s)" % (os.path.basename(p), os.path.relpath(p, os.path.dirname(path))) for p in run["plots"]] + [""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def write_plots(run, directory):
    """Fluxion's D/P per workload beside its goal and the peers' D/P; GMM derivative times by size."""
    plt = plots.pyplot()
    rows = [r for r in run["workloads"] if "error" not in r]
    if plt is None or not rows:
        return []
    paths = []
    fig, ax = plt.subplots(figsize=(max(6, 0.6 * len(rows)), 4.5))
    xs = range(len(rows))
    ax.bar([x - 0.2 for x in xs], [r["fluxion"]["ratio"] for r in rows], width=0.4, label="Fluxion D/P")
    for peer, marker in (("c++", "o"), ("adol-c", "s"), ("pytorch", "^")):
        pts = [(x, r["peers"][peer]["ratio"]) for x, r in zip(xs, rows) if peer in r["peers"]]
        if pts:
            ax.scatter([p[0] + 0.2 for p in pts], [p[1] for p in pts], marker=marker, label=peer + " D/P")
    goals = [(x, r["goal"]) for x, r in zip(xs, rows) if r["goal"]]
    ax.scatter([g[0] for g in goals], [g[1] for g in goals], marker="_", s=400, color="red", label="goal")
    ax.set_yscale("log")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([r["name"] for r in rows], rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("derivative time ÷ primal time")
    paths.append(plots.save(plt, fig, ax, os.path.join(directory, "ratios.png")))
    gmm = [r for r in rows if r.get("group") == "gmm"]
    if len(gmm) > 1:
        fig, ax = plt.subplots(figsize=(6, 4.5))
        for tool in ["fluxion"] + PEER_ORDER:
            pts = sorted((r["size"], (r["fluxion"] if tool == "fluxion" else r["peers"].get(tool) or {}).get("derivative"))
                         for r in gmm)
            pts = [p for p in pts if p[1]]
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=tool)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("GMM parameters")
        ax.set_ylabel("gradient time (s)")
        paths.append(plots.save(plt, fig, ax, os.path.join(directory, "gmm_scaling.png")))
    return paths
