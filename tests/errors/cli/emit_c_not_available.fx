# Pins: `emit-c` (LANGUAGE.md §10) is not available in this release: a usage error (exit 64)
# that says so, rather than "unknown command".
# RUN: args emit-c {file} --fn main
# EXIT: 64
# STDERR: fluxion: 'emit-c' is not available yet
def main():
    pass
