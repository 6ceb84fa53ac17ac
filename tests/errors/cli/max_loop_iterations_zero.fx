# Pins: `--max-loop-iterations 0` is a usage error (exit 64) that gives the accepted range.
# RUN: args run {file} --max-loop-iterations 0
# EXIT: 64
# STDERR: fluxion: --max-loop-iterations expects a whole number from 1 to 1000000000000, found '0'
def main():
    pass
