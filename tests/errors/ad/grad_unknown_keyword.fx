# Pins: a misspelt keyword of grad (argnum for argnums) is a compile error naming both.
# EXIT: 1
# STDERR-RE: {file}:9:\d+: error:
# STDERR-RE: error: .*'argnum'.*argnums
def f(x, y):
    return x * y

def main():
    print(grad(f, argnum=1)(1.0, 2.0))
