# Pins: reshape(x, (4, -1)) of 6 elements: no extent makes 4 * n = 6.
# EXIT: 2
# STDERR: {file}:5:19: error: cannot reshape a tensor of shape (6,) (6 elements) into shape (4, -1)
def rows4(x):
    return reshape(x, (4, -1))

def main():
    print(rows4(arange(6.0)))
