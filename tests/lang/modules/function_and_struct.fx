# Pins: `import "path.fx"` makes the imported file's functions, structs, enums, variants and
# constants usable in the importing file: constructed, called, annotated and matched (§8).
# Paths are relative to the importing file's directory. The imported functions call helpers
# defined below them in their own file.
# EXPECT: 5.0
# EXPECT: Point(x=4.0, y=6.0)
# EXPECT: 12.0 6.0
# EXPECT: circle
# EXPECT: 3.0
import "../../modules_lib/lang/geometry.fx"

def describe(s: Shape) -> str:
    match s:
        case Circle(_):
            return "circle"
        case Rect(_, _):
            return "rect"

def main():
    p: Point = Point(3.0, 4.0)
    print(norm(p))
    print(moved(p, 1.0, 2.0))
    print(area(Circle(2.0)), area(Rect(w=2.0, h=3.0)))
    print(describe(Circle(1.0)))
    print(PI)
