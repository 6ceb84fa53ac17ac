"""§D of BENCHMARKS.md, the seed models (min-char-rnn, LSTM, TreeLSTM, the CNN at batch 1 and
100) trained in Fluxion and in PyTorch from the same initial weights on the same data order.

Each model is a pair bench/seed/NAME.fx and bench/seed/NAME.py with one command line:

    fluxion run bench/seed/NAME.fx ARGS... OUT STEPS       (writes OUT/init.npz, OUT/losses.npy)
    /usr/bin/python3 bench/seed/NAME.py ARGS... INIT OUT STEPS     (INIT: Fluxion's init.npz)

both printing `timing steps SECONDS` for the training loop alone. Fluxion runs with `--native`,
or with `--interp` where the back end stops with its located "does not support" error, and the
row says which (harness/engine.py). For every model, first the check: both sides train `check_steps` steps on the check arguments (the CNN without dropout,
whose masks the two sides draw from different generators) and the first CHECK_STEPS float64
losses must agree to 1e-8 relative, or the model is reported failed and not timed. Then the
timed run: `steps` steps on the model's own arguments, both times scaled to the unit of
BENCHMARKS.md (per 5000 steps, or per epoch), the ratio PyTorch ÷ Fluxion against the goal, and
the loss curves plotted (the timed run's, or the check's where dropout makes the timed curves
differ by design)."""
import os
import subprocess
import tempfile
from dataclasses import dataclass

import numpy as np

from . import engine, plots, runner
from .workloads import PYTHON, ROOT

TOLERANCE = 1e-8
CHECK_STEPS = 5
TIMEOUT = 1800
TEXT = "/usr/share/common-licenses/GPL-3"
TREES = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "seedbench", "trees.txt"))
FASHION = "/usr/share/datasets/fashion-mnist"
IMAGES = FASHION + "/train-images-idx3-ubyte.gz"
LABELS = FASHION + "/train-labels-idx1-ubyte.gz"
TREES_PER_EPOCH = 1101          # ../shared/data/seedbench/README.md
IMAGES_PER_EPOCH = 60000        # Fashion-MNIST's training set


@dataclass
class SeedModel:
    name: str
    program: str                # bench/seed/PROGRAM.fx and .py
    args: list                  # arguments before OUT (before INIT for PyTorch), the same on both sides
    steps: dict                 # steps of the timed run: {"quick": n, "full": n}
    per: int                    # steps in the unit the time is reported in
    unit: str                   # that unit, as BENCHMARKS.md states it
    goal: float                 # PyTorch time ÷ Fluxion time must be at least this
    loss_label: str
    check_args: list = None     # the check's arguments where they differ (no dropout); default args
    small_args: list = None     # the test suite's check (tests/bench/check_seed.py); default check_args
    check_steps: int = CHECK_STEPS  # steps of the check run (a longer curve where the timed run's is not comparable)

    def checked_args(self, small=False):
        if small and self.small_args is not None:
            return self.small_args
        return self.args if self.check_args is None else self.check_args


def cnn(batch, goal, curve_steps, steps):
    return SeedModel("cnn-b%d" % batch, "cnn", [IMAGES, LABELS, str(batch), "0.5"], steps,
                     IMAGES_PER_EPOCH // batch, "epoch (%d steps)" % (IMAGES_PER_EPOCH // batch), goal,
                     "mean loss of the step's batch", check_args=[IMAGES, LABELS, str(batch), "0.0"],
                     small_args=[IMAGES, LABELS, str(min(batch, 10)), "0.0"], check_steps=curve_steps)


# BENCHMARKS.md §D's models and goals; `steps` keeps `make bench` bounded (bench/README.md).
MODELS = [
    SeedModel("min-char-rnn", "min_char_rnn", [TEXT], {"quick": 100, "full": 1000}, 5000, "5000 steps", 4.0,
              "loss of the step's 25 characters"),
    SeedModel("lstm", "lstm", [TEXT, "100"], {"quick": 100, "full": 1000}, 5000, "5000 steps", 4.0,
              "loss of the step's 25 characters", small_args=[TEXT, "20"]),
    SeedModel("tree-lstm", "tree_lstm", [TREES], {"quick": 50, "full": TREES_PER_EPOCH}, TREES_PER_EPOCH,
              "epoch (%d trees)" % TREES_PER_EPOCH, 4.0, "loss of the step's tree (summed over its nodes)"),
    cnn(1, 3.0, 100, {"quick": 200, "full": 3000}),
    cnn(100, 1.0, 20, {"quick": 10, "full": 100}),
]


def timing_of(stdout):
    lines = [line.split() for line in stdout.splitlines() if line.startswith("timing steps")]
    if not lines:
        raise runner.RunError("no `timing steps` line in: " + stdout[-500:])
    return float(lines[0][2])


def train_both(fluxion, flag, model, args, steps):
    """Trains the model `steps` steps in Fluxion (`fluxion run FLAG`) and then in PyTorch from
    Fluxion's initial weights; returns (Fluxion's losses, PyTorch's losses, Fluxion's seconds,
    PyTorch's seconds)."""
    seed_dir = os.path.join(ROOT, "bench", "seed")
    with tempfile.TemporaryDirectory(prefix="fluxion-seed-") as fx_out, \
            tempfile.TemporaryDirectory(prefix="torch-seed-") as pt_out:
        commands = [("fluxion", [fluxion, "run", flag, os.path.join(seed_dir, model.program + ".fx")] + args +
                     [fx_out, str(steps)]),
                    ("pytorch", [PYTHON, os.path.join(seed_dir, model.program + ".py")] + args +
                     [os.path.join(fx_out, "init.npz"), pt_out, str(steps)])]
        seconds = []
        for side, argv in commands:
            try:
                r = subprocess.run(argv, capture_output=True, text=True, env=runner.ENV, timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                raise runner.RunError("%s %s: more than %d s" % (side, model.name, TIMEOUT))
            if r.returncode != 0:
                raise runner.RunError("%s %s exited with %d: %s" % (side, model.name, r.returncode,
                                                                    r.stderr.strip()[-1000:]))
            seconds.append(timing_of(r.stdout))
        fx_losses = np.load(os.path.join(fx_out, "losses.npy"))
        pt_losses = np.load(os.path.join(pt_out, "losses.npy"))
    if fx_losses.shape != (steps,) or pt_losses.shape != (steps,):
        raise runner.RunError("%s: %s and %s losses for %d steps" % (model.name, fx_losses.shape, pt_losses.shape,
                                                                     steps))
    return fx_losses, pt_losses, seconds[0], seconds[1]


def relative_differences(fx_losses, pt_losses):
    return np.abs(fx_losses - pt_losses) / np.abs(pt_losses)


def agreeing_steps(fx_losses, pt_losses):
    """How many first steps agree to TOLERANCE (a NaN or infinity on either side disagrees)."""
    ok = np.isfinite(fx_losses) & np.isfinite(pt_losses) & (relative_differences(fx_losses, pt_losses) <= TOLERANCE)
    return int(np.argmin(ok)) if not ok.all() else len(ok)


def check(fluxion, model, small=False):
    """The correctness check that precedes any timing: the first CHECK_STEPS losses of both sides
    agree to TOLERANCE. Returns (the engine that ran Fluxion, Fluxion's losses, PyTorch's losses)
    over check_steps steps; raises RunError naming the first step that disagrees."""
    steps = CHECK_STEPS if small else max(CHECK_STEPS, model.check_steps)
    ran_by, (fx_losses, pt_losses, _, _) = engine.first_that_runs(
        lambda flag: train_both(fluxion, flag, model, model.checked_args(small), steps))
    agree = agreeing_steps(fx_losses, pt_losses)
    if agree < CHECK_STEPS:
        raise runner.RunError("%s: the losses of step %d differ: Fluxion %r, PyTorch %r (relative %.3g > %g)" %
                              (model.name, agree + 1, float(fx_losses[agree]), float(pt_losses[agree]),
                               float(relative_differences(fx_losses, pt_losses)[agree]), TOLERANCE))
    return ran_by, fx_losses, pt_losses


def run_model(fluxion, model, quick, plot_dir):
    """Check, then time: the row of RESULTS.md's §D table."""
    ran_by, check_fx, check_pt = check(fluxion, model)
    steps = model.steps["quick" if quick else "full"]
    fx_losses, pt_losses, fx_seconds, pt_seconds = train_both(fluxion, ran_by.flag, model, model.args, steps)
    same_curves = model.check_args is None
    curve_fx, curve_pt = (fx_losses, pt_losses) if same_curves else (check_fx, check_pt)
    fx_time, pt_time = fx_seconds * model.per / steps, pt_seconds * model.per / steps
    row = {"name": model.name, "steps": steps, "unit": model.unit, "fluxion_per_unit": fx_time,
           "pytorch_per_unit": pt_time, "speedup": pt_time / fx_time, "goal": model.goal,
           "check_steps": CHECK_STEPS,
           "check_max_diff": float(np.max(relative_differences(check_fx[:CHECK_STEPS], check_pt[:CHECK_STEPS]))),
           "curve_steps": len(curve_fx), "curve_from": "timed run" if same_curves else "check run (no dropout)",
           "agree_steps": agreeing_steps(curve_fx, curve_pt)}
    row.update(ran_by.record())
    row["plot"] = plot_losses(model, curve_fx, curve_pt,
                              os.path.join(plot_dir, model.name.replace("-", "_") + "_loss.png"))
    return row


def plot_losses(model, fx_losses, pt_losses, path):
    """The two loss curves, and below them their relative difference per step (log scale)."""
    plt = plots.pyplot()
    if plt is None:
        return None
    fig, (ax, diff) = plt.subplots(2, 1, figsize=(6, 5.5), sharex=True, gridspec_kw={"height_ratios": [2, 1]})
    ax.plot(fx_losses, label="Fluxion", linewidth=1)
    ax.plot(pt_losses, label="PyTorch", linewidth=1, linestyle="--")
    ax.set_ylabel(model.loss_label, fontsize=8)
    ax.set_title("%s from the same initial weights (float64)" % model.name)
    rel = relative_differences(fx_losses, pt_losses)
    diff.semilogy(np.maximum(rel, 1e-17), color="gray", linewidth=1, label="|Fluxion − PyTorch| / |PyTorch|")
    diff.axhline(TOLERANCE, color="red", linewidth=0.8, linestyle=":", label="1e-8")
    diff.set_xlabel("step")
    diff.legend(fontsize=7)
    return plots.save(plt, fig, ax, path)
