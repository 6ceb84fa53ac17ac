# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# x ** 2 of floats is x * x, one correctly rounded product, in every engine and for numbers
# and tensors alike: libm's pow(x, 2) is an ulp off for some x (these two among them), and the
# fused loops of native code always computed x * x (gcc folds pow(x, 2.0)), so an unfused
# tensor square once differed from a fused one. (runtime/src/elementwise_math.hpp Pow,
# fx_gen.h fx_pow_f64, interp/primitives.cpp.)
# EXPECT: True
# EXPECT: True
# EXPECT: True
# EXPECT: [True, True]
# EXPECT: [True, True]
# EXPECT: True
def main():
    x = -6.987561253529781e+21 + 0.0 * float(arg(0, 0.0))   # known only at run time
    y = 8.898474730616984e+81 + 0.0 * float(arg(0, 0.0))
    two = 2.0 + float(arg(0, 0.0))
    print(x ** 2.0 == x * x)
    print(y ** 2 == y * y)
    print(x ** two == x * x)
    t = [x, y]
    print(t ** 2.0 == t * t)
    print(t ** two == t * t)
    print(grad(lambda v: v ** 3.0)(x) == 3.0 * (x * x))
