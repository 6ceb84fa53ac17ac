# Pins: a field update must keep the field's declared type: `p.x = True` is an error at the
# value.
# EXIT: 1
# STDERR: {file}:12:11: error:
# STDERR-RE: error: .*bool
struct Point:
    x: f64
    y: f64

def main():
    p = Point(1.0, 2.0)
    p.x = True
    print(p)
