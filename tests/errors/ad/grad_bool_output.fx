# Pins: grad of a function returning bool is a compile error naming the type found.
# EXIT: 1
# STDERR-RE: {file}:9:\d+: error:
# STDERR-RE: error: .*bool
def positive(x):
    return x > 0.0

def main():
    print(grad(positive)(1.5))
