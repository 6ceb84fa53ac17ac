# Pins: argnums decides the result's type, so it must be a compile-time constant; an i64
# variable is a compile error that says so.
# EXIT: 1
# STDERR-RE: {file}:8:\d+: error:
# STDERR-RE: error: .*argnums
# STDERR-RE: error: .*(constant|literal)
def grad_at(f, k):
    return grad(f, argnums=k)(1.0, 2.0)

def main():
    print(grad_at(lambda x, y: x * y, 1))
