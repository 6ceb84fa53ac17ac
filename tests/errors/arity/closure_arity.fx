# Pins: calling a closure returned by a function with too few arguments is an error at the
# call's `(`.
# EXIT: 1
# STDERR: {file}:11:12: error:
# STDERR-RE: error: .*(?i:argument)
def make_adder(n):
    return lambda x, y: x + y + n

def main():
    f = make_adder(1)
    print(f(2))
