# Closes the cycle: the error is located at this import.
import "cycle_a.fx"

def b_value() -> f64:
    return 2.0
