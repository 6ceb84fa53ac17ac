# Pins: an argument that contradicts the parameter's annotation (i64 for f64: no implicit
# conversion) is an error at the argument, naming both types.
# EXIT: 1
# STDERR: {file}:10:16: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def half(x: f64) -> f64:
    return x / 2.0

def main():
    print(half(1))
