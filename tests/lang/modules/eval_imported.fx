# Pins: `fluxion eval FILE EXPR` sees FILE's names and those of the files FILE imports.
# RUN: eval (norm(shifted(Point(0.0, 0.0))), area(Rect(2.0, 5.0)))
# EXPECT: (5.0, 10.0)
import "../../modules_lib/lang/geometry.fx"

def shifted(p: Point) -> Point:
    return moved(p, 3.0, 4.0)
