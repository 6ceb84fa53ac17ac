# Pins: `fluxion check` accepts a file without main (a library of functions).
# spec-silent: §10 says check "parses and type-checks only"; main is needed only by run.
# RUN: check
def square(x: f64) -> f64:
    return x * x
