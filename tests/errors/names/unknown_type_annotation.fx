# Pins: an annotation naming no type is a compile error at the type name.
# EXIT: 1
# STDERR: {file}:5:10: error:
# STDERR-RE: error: .*Vec3
def f(x: Vec3) -> f64:
    return 1.0

def main():
    print(f(1.0))
