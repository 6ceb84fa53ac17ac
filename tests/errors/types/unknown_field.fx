# Pins: reading a field the struct does not declare is an error at the `.`.
# EXIT: 1
# STDERR: {file}:11:12: error:
# STDERR-RE: error: .*(?i:field|attribute|member)
struct Point:
    x: f64
    y: f64

def main():
    p = Point(1.0, 2.0)
    print(p.z)
