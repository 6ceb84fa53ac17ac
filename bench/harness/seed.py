"""§D of BENCHMARKS.md, the seed models trained in Fluxion and in PyTorch from the same initial
weights on the same data order: time per 5000 steps, and the two loss curves compared (how many
first steps agree to 1e-8) and plotted. Only min-char-rnn so far."""
import os
import subprocess
import tempfile

import numpy as np

from . import plots, runner
from .workloads import PYTHON, ROOT

TEXT = "/usr/share/common-licenses/GPL-3"
SPEEDUP_GOAL = 4.0   # PyTorch time / Fluxion time


def timing_of(stdout):
    return float(next(line.split()[2] for line in stdout.splitlines() if line.startswith("timing steps")))


def run_min_char_rnn(fluxion, steps, plot_dir):
    with tempfile.TemporaryDirectory(prefix="fluxion-seed-") as fx_out, \
            tempfile.TemporaryDirectory(prefix="torch-seed-") as torch_out:
        fx = subprocess.run([fluxion, "run", os.path.join(ROOT, "bench", "seed", "min_char_rnn.fx"), TEXT, fx_out,
                             str(steps)], capture_output=True, text=True, env=runner.ENV)
        if fx.returncode != 0:
            raise runner.RunError("fluxion: " + fx.stderr.strip()[-1000:])
        pt = subprocess.run([PYTHON, os.path.join(ROOT, "bench", "seed", "min_char_rnn.py"), TEXT,
                             os.path.join(fx_out, "init.npz"), torch_out, str(steps)],
                            capture_output=True, text=True, env=runner.ENV)
        if pt.returncode != 0:
            raise runner.RunError("pytorch: " + pt.stderr.strip()[-1000:])
        fx_losses = np.load(os.path.join(fx_out, "losses.npy"))
        pt_losses = np.load(os.path.join(torch_out, "losses.npy"))
    differ = np.abs(fx_losses - pt_losses) / np.abs(pt_losses) > 1e-8
    agree = int(np.argmax(differ)) if differ.any() else steps
    fx_time, pt_time = timing_of(fx.stdout) * 5000 / steps, timing_of(pt.stdout) * 5000 / steps
    row = {"name": "min-char-rnn", "steps": steps, "fluxion_per_5000": fx_time, "pytorch_per_5000": pt_time,
           "speedup": pt_time / fx_time, "goal": SPEEDUP_GOAL, "agree_steps": agree,
           "first_diff": float(np.max(np.abs(fx_losses[:10] - pt_losses[:10]) / np.abs(pt_losses[:10])))}
    row["plot"] = plot_losses(fx_losses, pt_losses, os.path.join(plot_dir, "min_char_rnn_loss.png"))
    return row


def plot_losses(fx_losses, pt_losses, path):
    plt = plots.pyplot()
    if plt is None:
        return None
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(fx_losses, label="Fluxion", linewidth=1)
    ax.plot(pt_losses, label="PyTorch", linewidth=1, linestyle="--")
    ax.set_xlabel("step")
    ax.set_ylabel("loss of the step's 25 characters")
    ax.set_title("min-char-rnn from the same initial weights (float64)")
    return plots.save(plt, fig, ax, path)
