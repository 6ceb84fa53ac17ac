# Pins: a local variable of a nested def is not visible in the enclosing function.
# EXIT: 1
# STDERR: {file}:9:17: error:
# STDERR-RE: error: .*inner_only
def main():
    def g():
        inner_only = 1
        return inner_only
    print(g() + inner_only)
