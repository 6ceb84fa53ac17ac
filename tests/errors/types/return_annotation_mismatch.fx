# Pins: a returned value that contradicts the result annotation is an error at the returned
# expression.
# EXIT: 1
# STDERR: {file}:7:12: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def f(x: f64) -> i64:
    return x

def main():
    print(f(1.0))
