# A syntax error on line 4 (tests/errors/modules/syntax_error_in_import.fx).

def broken(x: f64) -> f64:
    return (x + 1.0
