# Pins: exp, log, log1p, expm1 values (C libm, printed shortest round-trip).
# EXPECT: 2.718281828459045
# EXPECT: 2.302585092994046
# EXPECT: 9.999999999500001e-11
# EXPECT: 1.00000000005e-10
# EXPECT: 0.36787944117144233
# EXPECT: 0.6931471805599453
# EXPECT: 1.0
# EXPECT: 0.0
def main():
    print(exp(1.0))
    print(log(10.0))
    print(log1p(1e-10))
    print(expm1(1e-10))
    print(exp(-1.0))
    print(log(2.0))
    print(exp(0.0))
    print(log(1.0))
