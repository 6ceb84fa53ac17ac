# Defines `helper`, as x_private.fx does; no file imports both, but the program has one
# namespace for top-level names (tests/errors/modules/clash_unrelated.fx).
def helper() -> f64:
    return 2.0
