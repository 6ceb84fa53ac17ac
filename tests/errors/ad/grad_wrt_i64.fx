# Pins: asking for a gradient w.r.t. an i64 argument is a compile error (LANGUAGE.md §6),
# located at grad(f) or at its call with the i64 (line 12 or 13), naming the type and an
# alternative (an f64 argument, float(...)).
# EXIT: 1
# STDERR-RE: {file}:1[23]:\d+: error:
# STDERR-RE: error: .*i64
# STDERR-RE: error: .*(f64|float)
def f(n):
    return n * 2.0

def main():
    g = grad(f)
    print(g(3))
