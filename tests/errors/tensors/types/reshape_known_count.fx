# Pins: reshape of a known shape into a shape of another size is a type error at the call.
# EXIT: 1
# STDERR: {file}:5:16: error: cannot reshape a tensor of shape (6,) (6 elements) into shape (4, 2)
def main():
    y = reshape(zeros(6), (4, 2))
    print(y)
