# Pins: x[3] = v on a tensor of length 3 is a run-time error at the update.
# EXIT: 2
# STDERR: {file}:5:6: error: index 3 is out of range for axis 0 of size 3
def put(x, i):
    x[i] = 1.0
    return x

def main():
    print(put(zeros(3), 3))
