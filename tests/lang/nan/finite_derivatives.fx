# --check-nan does not change results: derivatives through loops, closures and recursion
# that stay finite run as without the flag.
# RUN: run --check-nan
# EXPECT: True
# EXPECT: 3.0
# EXPECT: -1.0
def power(x, n):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def main():
    # 1105.054887114517 in reverse mode, ...5077 in forward mode (the default for one f64)
    print(abs(grad(power)(1.0001, 1000) - 1105.05488711451) < 1e-9)
    print(grad(lambda k: make_scaler(k)(3.0))(2.0))
    print(derivative(derivative(derivative(sin)))(0.0))
