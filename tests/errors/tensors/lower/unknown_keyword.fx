# Pins: a keyword a tensor builtin does not have is a compile error at the keyword, listing the
# builtin's parameters.
# EXIT: 1
# STDERR: {file}:7:18: error: sum() has no parameter 'axes': sum(x, axis=None, keepdims=False)
def main():
    x = [1.0, 2.0]
    print(sum(x, axes=0))
