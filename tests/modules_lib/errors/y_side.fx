import "y_private.fx"

def y_value() -> f64:
    return helper()
