# Pins: a struct field declared f64 given a bool is a type error at that argument.
# EXIT: 1
# STDERR: {file}:10:15: error:
# STDERR-RE: error: .*bool
struct Point:
    x: f64
    y: f64

def main():
    p = Point(True, 2.0)
    print(p)
