# A higher-order function called with a known function: the call through the parameter becomes
# a direct call (known-calls), both functions are inlined, and no closure is left.
# GOLDEN-FN: g
# IR: graph @g[f64].4(%x.20 : f64)  # function at {file}:16:1
# IR:   %49 = mul(%x.20, %x.20) : f64                 # 11:14
# IR:   %50 = mul(%49, %49) : f64                     # 11:14
# IR:   %27 = add(%50, 1.0) : f64                     # 17:25
# IR:   return %27
# EXPECT: 17.0
def sq(x):
    return x * x

def twice(f, x):
    return f(f(x))

def g(x: f64):
    return twice(sq, x) + 1.0

def main():
    print(g(2.0))
