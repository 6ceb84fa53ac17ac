# Pins: `--max-depth 0` is a usage error (exit 64) that gives the accepted range.
# RUN: args run {file} --max-depth 0
# EXIT: 64
# STDERR: fluxion: --max-depth expects a whole number from 1 to 10000000, found '0'
def main():
    pass
