# Pins: softmax normalises along one axis: axis=None is a compile error at the argument.
# EXIT: 1
# STDERR: {file}:6:27: error: the axis of softmax() must be an integer constant (e.g. axis=1 or axis=-1), found None
def main():
    x = [1.0, 2.0]
    print(softmax(x, axis=None))
