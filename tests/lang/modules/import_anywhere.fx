# Pins: an import may come anywhere at top level, after definitions that use its names, and
# one file may be imported twice (by two spellings of its path): the second import adds nothing.
# spec-silent: §8 does not place imports; any top-level position, as in Python.
# EXPECT: 8.0
def main():
    print(double_norm(Point(3.0, 4.0)) - 2.0)

def double_norm(p: Point) -> f64:
    return 2.0 * norm(p)

import "../../modules_lib/lang/geometry.fx"
import "../../modules_lib/../modules_lib/lang/geometry.fx"
