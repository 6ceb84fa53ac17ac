# Pins: a field name repeated in one struct is an error at the second field.
# EXIT: 1
# STDERR: {file}:7:5: error:
# STDERR-RE: error: .*(?i:duplicate|already|repeated|twice)
struct Point:
    x: f64
    x: f64

def main():
    print(Point(1.0, 2.0))
