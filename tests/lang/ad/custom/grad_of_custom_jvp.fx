# Pins: reverse mode of a @custom_jvp function uses the rule too (its y_dot is linear in the
# tangents, so it is transposed): f(x) = x^2 with the rule y_dot = 10 t has gradient 10.
# spec-silent: §6 says only that the rule defines the JVP; taken as JAX, where grad of a
# custom_jvp function is derived from the rule (custom rules do not block other modes).
# EXPECT: 10.0
# EXPECT: 30.0
# EXPECT: (4.0, 10.0)
def square_rule(primals, tangents):
    x = primals[0]
    t = tangents[0]
    return (x * x, 10.0 * t)

@custom_jvp(square_rule)
def odd_square(x):
    return x * x

def main():
    print(grad(odd_square)(2.0))
    print(grad(lambda x: odd_square(3.0 * x))(1.0))
    print(value_and_grad(odd_square)(2.0))
