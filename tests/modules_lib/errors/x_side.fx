import "x_private.fx"

def x_value() -> f64:
    return helper()
