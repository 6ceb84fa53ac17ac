# Pins: two structs of one name are a compile error at the second name.
# EXIT: 1
# STDERR: {file}:9:8: error:
# STDERR-RE: error: .*(?i:duplicate|already|redefin|twice)
struct Point:
    x: f64
    y: f64

struct Point:
    x: f64

def main():
    print(Point(1.0, 2.0))
