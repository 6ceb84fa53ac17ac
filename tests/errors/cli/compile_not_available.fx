# Pins: `compile` (LANGUAGE.md §10, AOT libraries) is not available in this release: a usage
# error (exit 64) that says so.
# Only the bare form is pinned: with the spec's options (`--export NAMES -o libX.so`) the
# options are read first and the message is currently "unknown option '--export'".
# RUN: args compile {file}
# EXIT: 64
# STDERR: fluxion: 'compile' is not available yet
def main():
    pass
