# Pins: `--opt=N` takes the levels there are (0: no optimiser, 1: the pipeline); anything else
# is a usage error (exit 64) that names them.
# RUN: args run {file} --opt=2
# EXIT: 64
# STDERR: fluxion: --opt expects 0 or 1, found '2'
def main():
    pass
