"""The workloads of BENCHMARKS.md that the harness runs, each with its Fluxion program and its
peers, and the goal its Fluxion derivative-to-primal ratio is held to."""
import os
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ADBENCH = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "adbench"))
PYTHON = "/usr/bin/python3"   # Debian's, with python3-torch
PEERS_BIN = os.path.join(ROOT, "build", "bench-peers")


@dataclass
class Workload:
    name: str
    section: str                      # "A" or "B"
    fluxion: list                     # argv after `fluxion run`, before OUT
    peers: dict                       # peer name -> argv before OUT
    tail: list = field(default_factory=list)   # arguments after MIN_SECONDS, for every implementation
    derivative: str = "gradient"      # the timing label and result of the derivative
    goal: float = 0.0                 # Fluxion's derivative / primal must be at most this
    group: str = ""                   # rows whose ratios BENCHMARKS.md also holds to a geometric mean
    group_goal: float = 0.0
    size: int = 0                     # GMM: the number of parameters (for the scaling plot)

    def results(self):
        if self.name.startswith("ba:"):   # a sparse Jacobian, in CSR
            return ["objective", "jacobian_rows", "jacobian_cols", "jacobian_vals"]
        return ["objective", self.derivative]


def cpp(name):
    return os.path.join(PEERS_BIN, name)


def torch_script(name):
    return [PYTHON, os.path.join(ROOT, "bench", "peers", "torch", name)]


# The C++ peers: source in bench/peers/cpp, binary in build/bench-peers (bench/run.py builds them).
CPP_PEERS = {"overhead": [], "gmm": [], "gmm_adolc": ["-ladolc"], "lstm": [], "lstm_adolc": ["-ladolc"], "ba": [],
             "ba_adolc": ["-ladolc"], "dgemm_rate": ["-lopenblas"]}

# BENCHMARKS.md §A: gradient / primal goals.
OVERHEAD_GOALS = {"sincos": 1.2, "loop": 2.0, "logsumexp": 1.3, "logreg": 2.0, "mlp": 2.5}


def overhead(name, batch=None, reverse=False):
    """`reverse`: the gradient in reverse mode (`--grad-mode=reverse`), beside the optimiser's
    choice of forward mode for a function of one f64 (docs/opt.md): a row without a goal."""
    tail = [str(batch)] if batch else []
    program = os.path.join(ROOT, "bench", "overhead", name + ".fx")
    return Workload(name + ("_b%d" % batch if batch else "") + ("_reverse" if reverse else ""), "A",
                    [program] + (["--grad-mode=reverse"] if reverse else []),
                    {"c++": [cpp("overhead"), name], "pytorch": torch_script("overhead.py") + [name]},
                    tail=tail, goal=0.0 if reverse else OVERHEAD_GOALS[name])


def adbench(problem, relative_path, peers):
    path = os.path.join(ADBENCH, relative_path)
    label = os.path.splitext(os.path.basename(relative_path))[0]
    if problem == "gmm":
        label = relative_path.split("/")[1] + "_" + label   # the ladder (1k, 10k) and the file
    commands = {"c++": [cpp(problem), path], "pytorch": torch_script("adbench.py") + [problem, path]}
    if "adol-c" in peers:
        commands["adol-c"] = [cpp(problem + "_adolc"), path]
    w = Workload(problem + ":" + label, "B", [os.path.join(ROOT, "bench", "adbench", problem + ".fx"), path],
                 commands, derivative="jacobian" if problem == "ba" else "gradient")
    # BENCHMARKS.md §B: GMM at most 2.5 as a geometric mean over the ladder and never above 4;
    # LSTM and BA at most 3.
    if problem == "gmm":
        w.goal, w.group, w.group_goal = 4.0, "gmm", 2.5
        d, k = (int(part[1:]) for part in label.split("_")[2:4])   # 1k_gmm_d10_K25
        w.size = k * (1 + d + d * (d + 1) // 2)
    else:
        w.goal = 3.0
    return w


# ADBench's Hand (dense Jacobian, goal at most 4): Fluxion alone for now (no peer is written);
# tests/adbench/hand_reader.fx checks it against GradBench's C++ reference on hand1.
def hand(relative_path):
    path = os.path.join(ADBENCH, "hand", relative_path)
    label = relative_path.replace("/", "_").replace(".txt", "")
    return Workload("hand:" + label, "B", [os.path.join(ROOT, "bench", "adbench", "hand.fx"), path,
                                           os.path.join(ADBENCH, "hand", "model")], {}, derivative="jacobian", goal=4.0)


def all_workloads(quick):
    ws = [overhead("sincos"), overhead("loop"), overhead("loop", reverse=True), overhead("logsumexp"), overhead("logreg"), overhead("mlp", 1),
          overhead("mlp", 100)]
    gmm_files = ["1k/gmm_d2_K5.txt"] if quick else [
        "1k/gmm_d2_K5.txt", "1k/gmm_d2_K50.txt", "1k/gmm_d10_K5.txt", "1k/gmm_d10_K25.txt", "1k/gmm_d20_K50.txt",
        "1k/gmm_d32_K100.txt", "10k/gmm_d2_K5.txt", "10k/gmm_d10_K25.txt"]
    ws += [adbench("gmm", "gmm/" + f, ["adol-c"]) for f in gmm_files]
    lstm_files = ["lstm_l2_c1024.txt"] if quick else ["lstm_l2_c1024.txt", "lstm_l2_c4096.txt",
                                                      "lstm_l4_c1024.txt", "lstm_l4_c4096.txt"]
    ws += [adbench("lstm", "lstm/" + f, ["adol-c"]) for f in lstm_files]
    ba_files = ["ba1_n49_m7776_p31843.txt"] if quick else [
        "ba1_n49_m7776_p31843.txt", "ba2_n21_m11315_p36455.txt", "ba3_n161_m48126_p182072.txt",
        "ba4_n372_m47423_p204472.txt", "ba5_n257_m65132_p225911.txt"]
    ws += [adbench("ba", "ba/" + f, ["adol-c"]) for f in ba_files]
    hand_files = ["simple_small/hand1_t26_c100.txt"] if quick else [
        "simple_small/hand1_t26_c100.txt", "simple_small/hand5_t26_c800.txt", "complicated_small/hand1_t26_c100.txt",
        "complicated_small/hand5_t26_c800.txt"]
    ws += [hand(f) for f in hand_files]
    return ws
