# Pins: an out-of-range entry inside an argnums tuple is a compile error mentioning argnums.
# EXIT: 1
# STDERR-RE: {file}:9:\d+: error:
# STDERR-RE: error: .*argnums
def f(x, y):
    return x * y

def main():
    print(value_and_grad(f, argnums=(0, 5))(1.0, 2.0))
