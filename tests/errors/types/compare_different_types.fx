# Pins: == between a struct and an f64 is a type error at the operator (eq needs two values
# of the same type, docs/ir.md).
# EXIT: 1
# STDERR: {file}:11:27: error:
# STDERR-RE: error: .*(?i:Point|f64)
struct Point:
    x: f64
    y: f64

def main():
    print(Point(1.0, 2.0) == 1.0)
