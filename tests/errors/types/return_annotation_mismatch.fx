# Pins: a returned value that contradicts the result annotation is an error at the
# annotation it contradicts (a function may return from many places; the annotation is
# the one place that states the promise).
# EXIT: 1
# STDERR: {file}:7:18: error:
# STDERR-RE: error: .*(i64.*f64|f64.*i64)
def f(x: f64) -> i64:
    return x

def main():
    print(f(1.0))
