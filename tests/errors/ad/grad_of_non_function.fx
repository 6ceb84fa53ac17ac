# Pins: derivative operators take function values: grad of an f64 is a compile error.
# EXIT: 1
# STDERR-RE: {file}:6:\d+: error:
# STDERR-RE: error: .*(function|callable)
def main():
    print(grad(3.0)(1.0))
