# One of several functions in native code (docs/codegen.md "Representation"): closures chosen
# at run time, holding tensors, kept in a tuple, made again in a loop and printed; a call
# switches on the value's tag. Every tensor the environments hold is released (checked).
# EXPECT: [3.0, 3.0] [5.0, 5.0] [10.0, 10.0]
# EXPECT: <function lambda>
def chooser(k, w):
    if k > 0:
        return lambda x: x * w
    return lambda x: x + w + 1.0

def main():
    w = ones(2)
    fs = (chooser(1, w), chooser(0, w))
    total = 0.0
    for i in range(3):
        f = chooser(i % 2, w * float(i))
        total = total + f(2.0)
    print(fs[0](3.0), fs[1](3.0), total)
    print(chooser(1, w))
