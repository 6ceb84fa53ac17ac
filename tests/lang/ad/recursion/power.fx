# Pins: gradient through direct recursion with an integer depth argument, and through a
# fast-power recursion that branches on the parity of n.
# EXPECT: 80.0
# EXPECT: 384.43359375
# EXPECT: 80.0
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def fast_power(x, n):
    if n == 0:
        return 1.0
    half = fast_power(x, n // 2)
    if n % 2 == 0:
        return half * half
    return half * half * x

def main():
    print(grad(lambda x: power(x, 5))(2.0))
    print(grad(lambda x: fast_power(x, 10))(1.5))
    print(jvp(lambda x: fast_power(x, 5), (2.0,), (1.0,))[1])
