# Pins: a diamond of imports (this file imports left.fx and right.fx, which both import
# base.fx) loads base.fx once: its names are defined once, so there is no clash, and the
# struct both sides use is one type. right.fx spells the path to base.fx differently.
# spec-silent: §8 does not say how often a file imported twice is loaded; once, by its
# canonical path.
# EXPECT: Counter(n=1) Counter(n=2)
# EXPECT: True
# EXPECT: (left, base) (right, base)
import "../../modules_lib/lang/diamond/left.fx"
import "../../modules_lib/lang/diamond/right.fx"

def main():
    a = left(fresh())
    b = right(fresh())
    print(a, b)
    print(left(a) == b)
    print(left_name(), right_name())
