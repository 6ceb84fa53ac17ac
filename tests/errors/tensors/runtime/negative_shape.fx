# Pins: a negative extent in a shape computed at run time, zeros(n) with n = -1, is a run-time
# error naming the shape.
# EXIT: 2
# STDERR: {file}:6:17: error: negative dimension -1 in shape (-1,)
def make(n):
    return zeros(n)

def main():
    print(make(1 - 2))
