# cycle_a.fx → cycle_b.fx → cycle_a.fx (tests/errors/modules/cycle.fx)
import "cycle_b.fx"

def a_value() -> f64:
    return 1.0
