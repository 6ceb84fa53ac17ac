# Pins: a function whose parameters are all annotated is type-checked even if nothing calls
# it (checker.hpp: check_module), so `fluxion check` finds the error.
# RUN: check
# EXIT: 1
# STDERR: {file}:8:14: error:
# STDERR-RE: error: .*bool
def scale(x: f64) -> f64:
    return x + True

def main():
    print(1)
