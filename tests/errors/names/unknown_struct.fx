# Pins: constructing an undeclared struct is a compile error at its name.
# EXIT: 1
# STDERR: {file}:10:9: error:
# STDERR-RE: error: .*Pointt
struct Point:
    x: f64
    y: f64

def main():
    p = Pointt(1.0, 2.0)
    print(p)
