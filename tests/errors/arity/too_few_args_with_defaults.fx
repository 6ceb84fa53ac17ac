# Pins: with defaults, the arity message gives the range of argument counts.
# EXIT: 1
# STDERR: {file}:9:12: error: f takes 1 to 2 arguments, 0 given

def f(x, y=1.0):
    return x * y

def main():
    print(f())
