# Pins: `@` is for tensors only (ops.def): on two f64 it is a type error at the operator.
# EXIT: 1
# STDERR: {file}:6:13: error:
# STDERR-RE: error: .*(?i:tensor|matmul|matrix|scalar|f64)
def main():
    z = 2.0 @ 3.0
    print(z)
