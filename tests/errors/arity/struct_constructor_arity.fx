# Pins: a struct constructor with too few fields is an error at the call's `(`.
# EXIT: 1
# STDERR: {file}:10:14: error:
# STDERR-RE: error: .*(?i:argument|field|missing)
struct Point:
    x: f64
    y: f64

def main():
    p = Point(1.0)
    print(p)
