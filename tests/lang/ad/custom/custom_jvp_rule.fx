# Pins: @custom_jvp(rule): forward mode uses rule(primals, tangents) -> (y, y_dot); here a
# deliberately wrong y_dot = 10 t for f(x) = x^2 proves the rule is used.
# EXPECT: 4.0
# EXPECT: (4.0, 10.0)
# EXPECT: (4.0, 5.0)
# EXPECT: 10.0
# EXPECT: 30.0
def square_rule(primals, tangents):
    x = primals[0]
    t = tangents[0]
    return (x * x, 10.0 * t)

@custom_jvp(square_rule)
def odd_square(x):
    return x * x

def main():
    print(odd_square(2.0))
    print(jvp(odd_square, (2.0,), (1.0,)))
    print(jvp(odd_square, (2.0,), (0.5,)))
    print(derivative(odd_square)(2.0))
    # chain rule around the rule: d/dx odd_square(3x) = 10 * 3
    print(derivative(lambda x: odd_square(3.0 * x))(1.0))
