# Pins: `fluxion` with no arguments is a usage error (exit 64) that shows the usage.
# RUN: args
# EXIT: 64
# STDERR-RE: (?i)usage
def main():
    pass
