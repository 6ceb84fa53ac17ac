# Imports the test that imports this file (tests/errors/modules/cycle_through_root.fx).
import "../../errors/modules/cycle_through_root.fx"

def helper() -> f64:
    return 1.0
