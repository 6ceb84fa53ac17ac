# Pins: a `Tensor[...]` annotation is reported by `fluxion check` as not supported yet, at
# the annotation.
# RUN: check
# EXIT: 1
# STDERR: {file}:7:10: error:
# STDERR-RE: error: .*(?i:tensors are not supported)
def h(x: Tensor[f64]) -> f64:
    return 1.0

def main():
    print(1)
