# Pins: stack of a comprehension is supported along axis 0 only (the comprehension is that
# stack), and concat of a comprehension not at all: a compile error at the comprehension that
# says to give a tuple or a list.
# EXIT: 1
# STDERR: {file}:8:18: error: concat() of a comprehension is supported as stack(..., axis=0), which is the comprehension itself; for concat(..., axis=0) give a tuple or a list of the tensors
def main():
    a = [1.0, 2.0]
    print(concat([i * a for i in range(3)]))
