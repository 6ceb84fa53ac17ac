# Pins: a @custom_jvp rule of two arguments receives both tangents: here y_dot = t_x + 100 t_y
# for f(x, y) = x y.
# EXPECT: (6.0, 1.0)
# EXPECT: (6.0, 100.0)
# EXPECT: (6.0, 101.0)
def mul_rule(primals, tangents):
    x, y = primals
    tx, ty = tangents
    return (x * y, tx + 100.0 * ty)

@custom_jvp(mul_rule)
def odd_mul(x, y):
    return x * y

def main():
    print(jvp(odd_mul, (2.0, 3.0), (1.0, 0.0)))
    print(jvp(odd_mul, (2.0, 3.0), (0.0, 1.0)))
    print(jvp(odd_mul, (2.0, 3.0), (1.0, 1.0)))
