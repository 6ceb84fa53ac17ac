# Defines `area`, as shapes_b.fx does (tests/errors/modules/clash_*.fx).
def area(w: f64, h: f64) -> f64:
    return w * h
