# Pins: builtin names are not keywords: a local variable may shadow one inside a function.
# spec-silent: Python allows shadowing builtins.
# EXPECT: 6.0
# EXPECT: 2.718281828459045
def f():
    exp = 2.0
    return exp * 3.0

def main():
    print(f())
    print(exp(1.0))
