# Pins: builtins are function values: compose(sin, cos)(x) = sin(cos(x)).
# EXPECT: 0.7691963548410085
# EXPECT: 0.8872600507176526
def compose(f, g):
    return lambda x: f(g(x))

def main():
    print(compose(sin, cos)(0.5))
    print(compose(cos, sin)(0.5))
