# Pins: x[0:2] = t with t of shape (3,): the value must broadcast to the region.
# EXIT: 2
# STDERR: {file}:5:6: error: cannot assign a tensor of shape (3,) to an indexed region of shape (2,)
def put(x, t):
    x[0:2] = t
    return x

def main():
    print(put(zeros(4), [1.0, 2.0, 3.0]))
