# Pins: an elementwise operation whose dying operand native code may write into
# (codegen/elementwise_loops.cpp) checks the other operand's shape first; shapes that do not
# broadcast are the runtime's located error (exit 2), in both engines, not a write past the end.
# EXIT: 2
# STDERR: {file}:9:13: error: cannot broadcast shapes (3,) and (2,)
def main():
    x = ones(int(arg(0, 3))) * 1.0
    y = ones(int(arg(1, 2))) * 1.0
    print(x * y)
