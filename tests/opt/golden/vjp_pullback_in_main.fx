# vjp returns its pullback to main, a typed clone (docs/opt.md "Derivative code"): once the
# optimiser made vjp's graph plain code, it is inlined into main (inline_calls.cpp), where the
# pullback closure it builds meets the call of it: known-calls makes that call direct,
# projection reads the env out of the make_closure, the pullback is inlined, DCE removes the
# closure. What is left of pullback(1.0) for x * y is the tuple (1.0 * y, x * 1.0), which the
# identities make (y, x): the one product left is the forward pass's.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-NOT: make_closure|closure_env|call
# IR-COUNT: 1 = mul\(
# IR-HAS: = make_tuple\(%y\.\d+, %x\.\d+\)
# EXPECT: 6.0
# EXPECT: (3.0, 2.0)
def f(x, y):
    return x * y

def main():
    x = arg(0, 2.0)
    y = arg(1, 3.0)
    value, pullback = vjp(f, x, y)
    print(value)
    print(pullback(1.0))
