# Pins: a default value must fit its parameter's annotation (no i64 to f64 conversion).
# EXIT: 1
# STDERR: {file}:5:19: error: the default of 'y' is i64, but the parameter is declared f64

def f(x, y: f64 = 1):
    return x * y

def main():
    print(f(1.0))
