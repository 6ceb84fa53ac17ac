# Pins: `fluxion run` without FILE is a usage error (exit 64).
# RUN: args run
# EXIT: 64
# STDERR-RE: (?i)usage|file|missing|expected
def main():
    pass
