# Pins: a `--max-depth` value that is not a whole number is a usage error (exit 64) quoting it.
# RUN: args run {file} --max-depth 1e3
# EXIT: 64
# STDERR: fluxion: --max-depth expects a whole number from 1 to 10000000, found '1e3'
def main():
    pass
