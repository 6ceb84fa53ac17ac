# Pins: `--max-depth` as the last argument, without its value, is a usage error (exit 64).
# RUN: args run {file} --max-depth
# EXIT: 64
# STDERR: fluxion: --max-depth needs a value
def main():
    pass
