# Pins: `fluxion run FILE ARG...` hands the ARGs to arg(i, default), converted to the type of
# the default; missing ones give the default; after `--` an argument may start with --.
# RUN: args run {file} data.txt 25 1e-3 True -- --raw
# EXPECT: data.txt 25 0.001 True --raw 7
def main():
    path = arg(0, "default.txt")
    steps = arg(1, 10)
    lr = arg(2, 0.5)
    verbose = arg(3, False)
    raw = arg(4, "")
    print(path, steps, lr, verbose, raw, arg(5, 7))
