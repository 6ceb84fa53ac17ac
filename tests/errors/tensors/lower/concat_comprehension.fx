# Pins: stack and concat of a comprehension are supported along axis 0 (stack: the comprehension
# itself; concat: its rows joined); another axis is a compile error at the comprehension that
# says to give a tuple or a list.
# EXIT: 1
# STDERR: {file}:8:18: error: concat() of a comprehension is supported along axis 0 (stack: the comprehension itself; concat: its rows joined); for concat(..., axis=1) give a tuple or a list of the tensors
def main():
    a = [[1.0, 2.0]]
    print(concat([i * a for i in range(3)], axis=1))
