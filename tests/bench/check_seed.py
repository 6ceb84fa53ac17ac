#!/usr/bin/python3
"""The seed models' correctness check (bench/harness/seed.py) as a test: one model trained a few
steps at a small size in Fluxion and in PyTorch from the same initial weights on the same data;
the float64 losses of the first steps must agree to 1e-8 relative. Nothing is timed.

    check_seed.py FLUXION MODEL        (MODEL: min-char-rnn, lstm, tree-lstm, cnn-b1, cnn-b100)

Run by Debian's /usr/bin/python3 with python3-torch (tests/CMakeLists.txt adds the tests only
where it imports)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from harness import engine, runner, seed  # noqa: E402


def main():
    fluxion, name = sys.argv[1], sys.argv[2]
    models = {m.name: m for m in seed.MODELS}
    if name not in models:
        sys.exit("unknown seed model %r (one of %s)" % (name, ", ".join(models)))
    try:
        ran_by, fx_losses, pt_losses = seed.check(fluxion, models[name], small=True)
    except runner.RunError as e:
        sys.exit("FAILED: %s" % e)
    for n, (a, b) in enumerate(zip(fx_losses, pt_losses), 1):
        print("step %d  fluxion %r  pytorch %r" % (n, float(a), float(b)))
    print("%s: the first %d losses agree to %g (Fluxion: %s)" % (name, seed.CHECK_STEPS, seed.TOLERANCE,
                                                                engine.describe(ran_by.record())))


if __name__ == "__main__":
    main()
