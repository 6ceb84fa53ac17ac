# Pins: `1.0 + True` is a type error (bool is not a number) at the operator, saying what
# was found.
# EXIT: 1
# STDERR: {file}:7:13: error:
# STDERR-RE: error: .*bool
def main():
    y = 1.0 + True
    print(y)
