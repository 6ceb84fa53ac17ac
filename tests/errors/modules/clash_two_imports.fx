# Pins: importing two files that both define `area` is a compile error at the second import's
# path, naming both definitions.
# EXIT: 1
# STDERR-RE: {file}:6:8: error: 'area' is defined both at \S*shapes_a\.fx:2 and at \S*shapes_b\.fx:6, and this file imports both \(lines 5 and 6\)
import "../../modules_lib/errors/shapes_a.fx"
import "../../modules_lib/errors/shapes_b.fx"

def main():
    print(perimeter(1.0, 2.0))
