# A factory's closure called where it is returned (inline_calls.cpp): make_scaler(k) returns a
# closure of its nested scale, and main only calls it, so make_scaler is inlined with a copy of
# scale nested in main; known-calls makes the call through the result a direct call of the
# copy, which is inlined in turn. A curried chain (curry(a)(b)(x)) goes the same way, one level
# per round (CSE then finds its `a * b` equal to the first product). No closure and no call is left.
# GOLDEN-FN: main
# GOLDEN-GRAPH: main
# IR-NOT: = call|closure_at
# IR-COUNT: 1 = mul\(%k\.\d+, 3\.0\)
# IR-COUNT: 2 = mul\(
# EXPECT: 6.0
# EXPECT: 24.0
def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def curry(a):
    def with_b(b):
        def with_x(x):
            return a * b * x
        return with_x
    return with_b

def main():
    k = arg(0, 2.0)
    print(make_scaler(k)(3.0))
    print(curry(k)(3.0)(4.0))
