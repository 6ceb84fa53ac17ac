# Pins: reverse mode of @custom_jvp on tensors transposes the rule one element at a time:
# grad and jacrev use the rule's (deliberately scaled) y_dot = 10 cos(x) t, as jacfwd does.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: [10.0, 10.0]
# EXPECT: [[10.0, 0.0], [0.0, 10.0]]
# EXPECT: [[10.0, 0.0], [0.0, 10.0]]
# EXPECT: (1.0, [0.0, 2.0]) [[0.0, 0.0], [0.0, 2.0]]
def loud_sin_rule(primals, tangents):
    x = primals[0]
    return (sin(x), 10.0 * cos(x) * tangents[0])

@custom_jvp(loud_sin_rule)
def loud_sin(x):
    return sin(x)

def scale_rule(primals, tangents):
    s = primals[0]
    v = primals[1]
    return (s * v * v, tangents[0] * v * v + 2.0 * s * v * tangents[1])

@custom_jvp(scale_rule)
def scaled_square(s, v):
    return s * v * v

def main():
    x = [0.0, 6.283185307179586]
    print(grad(lambda v: sum(loud_sin(v)))(x))
    print(jacrev(loud_sin)(x))
    print(jacfwd(loud_sin)(x))
    v = [0.0, 1.0]
    print(grad(lambda s, v: sum(scaled_square(s, v)), argnums=(0, 1))(1.0, v), jacrev(lambda v: scaled_square(1.0, v))(v))
