# Pins: one_hot with an index outside [0, n).
# EXIT: 2
# STDERR: {file}:5:19: error: one_hot: index 5 is out of range for 3 classes
def encode(y):
    return one_hot(y, 3)

def main():
    print(encode([0, 5]))
