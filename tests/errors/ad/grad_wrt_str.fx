# Pins: strings carry no derivative: a gradient w.r.t. a str argument is a compile error
# naming str (LANGUAGE.md §6).
# EXIT: 1
# STDERR-RE: {file}:11:\d+: error:
# STDERR-RE: error: .*str
def f(s, x):
    print(s)
    return x

def main():
    print(grad(f)("label", 1.0))
