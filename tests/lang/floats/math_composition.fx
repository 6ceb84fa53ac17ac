# Pins: builtins compose in ordinary expressions and print the exact libm results.
# EXPECT: True
# EXPECT: 2.0
# EXPECT: 3.0000000000000004
# EXPECT: 0.0
# EXPECT: 0.7615941559557649
def main():
    x = 0.7
    print(abs(sin(x) ** 2 + cos(x) ** 2 - 1.0) < 1e-15)
    print(exp(log(2.0)))
    print(exp(log(3.0)))
    print(log1p(expm1(0.0)))
    print(tanh(1.0))
