# Pins: unary minus on a bool is a type error at the `-`.
# EXIT: 1
# STDERR: {file}:6:9: error:
# STDERR-RE: error: .*bool
def main():
    n = -True
    print(n)
