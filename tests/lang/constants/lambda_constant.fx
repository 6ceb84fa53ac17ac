# Pins: a top-level constant bound to a lambda is a callable value.
# spec-silent: top-level constants are nullary graphs (docs/ir.md); a lambda value is allowed.
# EXPECT: 49
# EXPECT: 6.25
square = lambda x: x * x

def main():
    print(square(7))
    print(square(2.5))
