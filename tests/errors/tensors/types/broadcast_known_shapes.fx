# Pins: shapes known at compile time that do not broadcast are a type error at the operator (docs/tensors.md).
# EXIT: 1
# STDERR: {file}:5:20: error: cannot broadcast shapes (2,) and (3,)
def main():
    x = [1.0, 2.0] + [1.0, 2.0, 3.0]
    print(x)
