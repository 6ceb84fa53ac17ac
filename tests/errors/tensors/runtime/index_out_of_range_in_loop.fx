# Pins: a loop that runs one index too far fails at the failing iteration; earlier output stays.
# EXIT: 2
# STDERR: {file}:7:16: error: index 3 is out of range for axis 0 of size 3
def main():
    x = [1.0, 2.0, 3.0]
    for i in range(len(x) + 1):
        print(x[i])
