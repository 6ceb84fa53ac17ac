# Pins: a shape error inside a function being differentiated is located in that function.
# EXIT: 2
# STDERR: {file}:5:18: error: cannot broadcast shapes (2,) and (3,)
def loss(x):
    return sum(x + [1.0, 2.0, 3.0])

def main():
    print(grad(loss)([1.0, 2.0]))
